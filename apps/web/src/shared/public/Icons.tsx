// Small inline icons: no icon font, no extra request. Decorative unless given a label.

import { SOCIAL_LABELS, type SocialLinks as SocialLinkSet } from '@kw/site';

type IconProps = { size?: number; className?: string };

const svg = (path: React.ReactNode, { size = 20, className }: IconProps, fill = false) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    className={className}
    fill={fill ? 'currentColor' : 'none'}
    stroke={fill ? 'none' : 'currentColor'}
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);

export const CheckIcon = (p: IconProps) => svg(<path d="M20 6L9 17l-5-5" />, p);
export const MenuIcon = (p: IconProps) => svg(<path d="M3 6h18M3 12h18M3 18h18" />, p);
export const CloseIcon = (p: IconProps) => svg(<path d="M18 6L6 18M6 6l12 12" />, p);
export const ArrowIcon = (p: IconProps) => svg(<path d="M5 12h14M13 5l7 7-7 7" />, p);
export const ExternalIcon = (p: IconProps) =>
  svg(<path d="M14 3h7v7M10 14L21 3M19 14v7H3V5h7" />, p);
export const BuildingIcon = (p: IconProps) =>
  svg(<path d="M4 21V3h12v18M16 9h4v12M8 7h4M8 11h4M8 15h4M2 21h20" />, p);
export const NewspaperIcon = (p: IconProps) =>
  svg(<path d="M4 4h13v16H6a2 2 0 01-2-2zM17 8h3v10a2 2 0 01-2 2M8 8h5M8 12h5M8 16h5" />, p);
export const MicIcon = (p: IconProps) =>
  svg(<path d="M12 3a3 3 0 013 3v6a3 3 0 01-6 0V6a3 3 0 013-3zM5 11a7 7 0 0014 0M12 18v3" />, p);
export const MapPinIcon = (p: IconProps) =>
  svg(
    <path d="M12 21s-7-6.2-7-12a7 7 0 0114 0c0 5.8-7 12-7 12zM12 11a2 2 0 100-4 2 2 0 000 4z" />,
    p,
  );
export const PhoneIcon = (p: IconProps) =>
  svg(
    <path d="M22 16.9v3a2 2 0 01-2.2 2 19.8 19.8 0 01-8.6-3.1 19.5 19.5 0 01-6-6A19.8 19.8 0 012.1 4.2 2 2 0 014.1 2h3a2 2 0 012 1.7c.1 1 .4 1.9.7 2.8a2 2 0 01-.5 2.1L8 9.9a16 16 0 006 6l1.3-1.3a2 2 0 012.1-.4c.9.3 1.8.6 2.8.7a2 2 0 011.7 2z" />,
    p,
  );
export const MailIcon = (p: IconProps) => svg(<path d="M3 5h18v14H3zM3 6l9 7 9-7" />, p);
export const ChatIcon = (p: IconProps) =>
  svg(<path d="M21 12a8 8 0 01-11.6 7.1L3 21l1.9-6.4A8 8 0 1121 12z" />, p);

export const SocialIcon = ({ network, size = 20 }: { network: string; size?: number }) =>
  svg(
    network === 'linkedin' ? (
      <path d="M4 9h4v11H4zM6 3.5a2 2 0 110 4 2 2 0 010-4zM10 9h3.8v1.6c.6-1 1.9-1.9 3.9-1.9 4 0 4.3 2.6 4.3 6V20h-4v-4.6c0-1.6 0-3.3-2-3.3s-2.1 1.5-2.1 3.2V20H10z" />
    ) : network === 'facebook' ? (
      <path d="M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z" />
    ) : (
      <path d="M22 8.2a3 3 0 00-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 002 8.2 31 31 0 001.6 12 31 31 0 002 15.8a3 3 0 002.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 002.1-2.1 31 31 0 00.4-3.8 31 31 0 00-.4-3.8zM10 15V9l5.2 3z" />
    ),
    { size },
    true,
  );

/** The company's profiles as a row of icon links, each opening a new tab. */
export function SocialLinks({ links, className }: { links: SocialLinkSet; className: string }) {
  return (
    <ul className={className}>
      {(Object.keys(links) as (keyof SocialLinkSet)[]).map((network) => (
        <li key={network}>
          <a
            href={links[network]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${SOCIAL_LABELS[network]} (opens in a new tab)`}
          >
            <SocialIcon network={network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
