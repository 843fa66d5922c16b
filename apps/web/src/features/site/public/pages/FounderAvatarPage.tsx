import { founder } from '@kw/site';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChatIcon, CloseIcon } from '../../../../shared/public/Icons.tsx';
import { readSiteConfig } from '../../../../shared/public/site-config.ts';
import { PageHero } from '../Sections.tsx';

/**
 * The founder's AI digital twin: the third-party floating avatar widget when its script is
 * configured; otherwise a local placeholder in the same place that expands and links to /contact.
 */
export function FounderAvatarPage() {
  const [widgetUrl, setWidgetUrl] = useState<string | undefined>();
  useEffect(() => {
    const url = readSiteConfig().avatarWidgetUrl;
    setWidgetUrl(url);
    if (!url) return;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.position = 'bottom-left';
    document.body.appendChild(script);
    return () => script.remove();
  }, []);

  return (
    <>
      <PageHero
        eyebrow="AI Digital Twin"
        title={`Chat with ${founder.firstName}'s AI Digital Twin`}
        lead={`Ask ${founder.firstName}'s AI twin about our services, how we work, or whether AI fits your business. For anything it cannot answer, a person replies within 24 hours.`}
        calls={[
          { label: 'Contact Us', to: '/contact' },
          { label: 'About Us', to: '/about' },
        ]}
      />
      <section className="band band-white">
        <div className="container">
          <h2 className="section-title">How it works</h2>
          <p className="prose">
            Select the round avatar in the bottom-left corner to start a conversation. The twin is
            trained on {founder.firstName}'s public talks and our service descriptions; it never
            sees client data.
          </p>
        </div>
      </section>
      {!widgetUrl && <AvatarPlaceholder />}
    </>
  );
}

function AvatarPlaceholder() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the open panel, as a disclosure's does
    <div
      className={`avatar-widget ${open ? 'is-open' : ''}`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      {open && (
        <section
          className="avatar-panel"
          id="avatar-panel"
          aria-label={`${founder.firstName}'s AI Digital Twin`}
        >
          <p className="avatar-title">Hi, I'm {founder.firstName}'s digital twin.</p>
          <p>
            The live chat is resting right now. Send us a message and {founder.firstName} will reply
            within 24 hours.
          </p>
          <Link to="/contact" className="button button-primary button-small">
            Contact Us
          </Link>
        </section>
      )}
      <button
        ref={button}
        type="button"
        className="avatar-button"
        aria-expanded={open}
        aria-controls="avatar-panel"
        aria-label={
          open ? 'Close the AI digital twin' : `Chat with ${founder.firstName}'s AI digital twin`
        }
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <CloseIcon size={26} /> : <ChatIcon size={26} />}
      </button>
    </div>
  );
}
