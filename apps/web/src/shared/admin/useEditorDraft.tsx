import { Alert, App, Button, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { formatDate } from '../dates.ts';
import {
  clearDraft,
  type Draft,
  isSessionExpired,
  readDraft,
  sameValues,
  writeDraft,
} from './drafts.ts';

const AUTOSAVE_MS = 300;

/**
 * The one question before unsaved changes are thrown away: the editors ask it on leaving, the
 * Job Manager's dialogs on closing (`noun`: 'post', 'job' …).
 */
export function confirmDiscard(
  modal: ReturnType<typeof App.useApp>['modal'],
  noun: string,
  answer: { discard(): void; keep?(): void },
): void {
  modal.confirm({
    title: 'Leave without saving?',
    content: `Your changes to this ${noun} have not been saved.`,
    okText: 'Discard changes',
    okButtonProps: { danger: true },
    cancelText: 'Keep editing',
    onOk: () => answer.discard(),
    onCancel: () => answer.keep?.(),
  });
}

/**
 * An editor's unsaved work, kept (issue 14): every change is saved as a draft in this browser
 * (`key`, one per record), and on return the editor offers to restore it, or restores it at once
 * when the session had ended while editing. Leaving with unsaved changes (a link, Back, Cancel,
 * closing or reloading the tab) asks first. `saved()` after a successful save drops the draft.
 */
export function useEditorDraft<V extends object>(
  form: FormInstance<V>,
  options: { key: string; initialValues: V; version: number | null; noun: string },
): { banner: ReactNode; saved(): void } {
  const { key, initialValues, version, noun } = options;
  const { modal } = App.useApp();
  const [found] = useState(() => {
    const draft = readDraft<V>(key);
    return draft && !sameValues(draft.values, initialValues) ? draft : null;
  });
  const [state, setState] = useState<'offered' | 'restored' | null>(
    found ? (found.sessionEnded ? 'restored' : 'offered') : null,
  );
  const dirty = useRef(false);
  // The draft found on opening stays until it is restored, discarded or replaced by new edits.
  const keepFound = useRef(found !== null);
  const latest = useRef<V | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const values = Form.useWatch((all: V) => all, { form, preserve: true });

  const write = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const current = latest.current;
    if (!current) return;
    if (sameValues(current, initialValues)) {
      dirty.current = false;
      if (!keepFound.current) clearDraft(key);
      return;
    }
    dirty.current = true;
    keepFound.current = false;
    const draft: Draft<V> = {
      values: current,
      savedAt: new Date().toISOString(),
      baseVersion: version,
      // The session expired while editing (not a sign-out of the administrator's own).
      ...(isSessionExpired() ? { sessionEnded: true } : {}),
    };
    writeDraft(key, draft);
  };
  const writeRef = useRef(write);
  writeRef.current = write;

  // After signing in again: the work comes back without a question.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    if (!found?.sessionEnded) return;
    keepFound.current = false;
    form.setFieldsValue(found.values as Parameters<typeof form.setFieldsValue>[0]);
  }, []);

  // Every change (typing, the toolbar, a restore) is kept shortly after it is made.
  useEffect(() => {
    if (!values) return;
    latest.current = form.getFieldsValue(true) as V;
    dirty.current = !sameValues(latest.current, initialValues);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => writeRef.current(), AUTOSAVE_MS);
  }, [values, form, initialValues]);

  // Closing, reloading or leaving the editor keeps what is pending; the tab asks first.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (timer.current) writeRef.current();
      if (!dirty.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      if (timer.current || dirty.current) writeRef.current();
    };
  }, []);

  const discard = () => {
    keepFound.current = false;
    clearTimeout(timer.current);
    timer.current = undefined;
    dirty.current = false;
    clearDraft(key);
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per blocked navigation
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDiscard(modal, noun, {
      discard() {
        discard();
        blocker.proceed();
      },
      keep() {
        blocker.reset();
      },
    });
  }, [blocker.state]);

  let banner: ReactNode = null;
  if (found && state === 'offered') {
    const newer = found.baseVersion !== null && version !== null && found.baseVersion !== version;
    banner = (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`You have unsaved changes to this ${noun} from ${formatDate(found.savedAt, 'dateTime')}`}
        description={
          newer
            ? `The ${noun} was saved again since. Restoring puts your draft over the newer version.`
            : 'They were kept in this browser. Restore them, or discard them.'
        }
        action={
          <Space orientation="vertical">
            <Button
              size="small"
              type="primary"
              onClick={() => {
                keepFound.current = false;
                form.setFieldsValue(found.values as Parameters<typeof form.setFieldsValue>[0]);
                setState(null);
              }}
            >
              Restore
            </Button>
            <Button
              size="small"
              onClick={() => {
                keepFound.current = false;
                if (sameValues(form.getFieldsValue(true), initialValues)) discard();
                setState(null);
              }}
            >
              Discard
            </Button>
          </Space>
        }
      />
    );
  } else if (state === 'restored') {
    banner = (
      <Alert
        type="success"
        showIcon
        closable={{ onClose: () => setState(null) }}
        style={{ marginBottom: 16 }}
        title="Your unsaved changes were restored"
        description={`Your session expired while you were editing this ${noun}. Save to keep the changes.`}
      />
    );
  }

  return {
    banner,
    saved() {
      discard();
    },
  };
}
