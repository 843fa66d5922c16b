import type { Job } from '@kw/careers/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../shared/public/Toaster.tsx';
import { shareLink } from './share.ts';

// A job's own link, /careers#job-{id}: shared from its details, and followed to the job.

export const HIGHLIGHT_MS = 3000;
export const COPIED_MS = 2000;
export const jobAnchor = (id: string) => `job-${id}`;

/** The careers page's link to the job (the spec's share link), or the path given (its own page). */
function jobUrl(job: Job, path?: string): string {
  return `${window.location.origin}${path ?? `/careers#${jobAnchor(job.id)}`}`;
}

export function useShare() {
  const toast = useToast();
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const share = useCallback(
    async (job: Job, path?: string) => {
      const outcome = await shareLink(job.title, jobUrl(job, path));
      if (outcome === 'shared') toast({ title: 'Shared successfully' });
      else if (outcome === 'copied') {
        toast({ title: 'Link copied!' });
        setCopiedId(job.id);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopiedId(null), COPIED_MS);
      } else if (outcome === 'failed')
        toast({
          title: 'Failed to copy',
          description: 'Please try again or copy the URL manually.',
          variant: 'destructive',
        });
    },
    [toast],
  );
  return { share, copiedId };
}

/** `#job-{id}` scrolls to that job and highlights it for 3 seconds. */
export function useHighlightFromHash(jobs: Job[] | undefined): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!jobs) return;
    let clear: ReturnType<typeof setTimeout> | undefined;
    let scroll: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      const match = /^#job-(.+)$/.exec(window.location.hash);
      const id = match ? decodeURIComponent(match[1]!) : undefined;
      if (!id || !jobs.some((j) => j.id === id)) return;
      // After the layout's scroll to the top (immediately and again at 100 ms).
      scroll = setTimeout(() => {
        document
          .getElementById(jobAnchor(id))
          ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        setHighlighted(id);
        clearTimeout(clear);
        clear = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
      }, 150);
    };
    show();
    window.addEventListener('hashchange', show);
    return () => {
      window.removeEventListener('hashchange', show);
      clearTimeout(clear);
      clearTimeout(scroll);
    };
  }, [jobs]);
  return highlighted;
}
