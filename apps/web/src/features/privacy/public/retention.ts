/** A period in words, as the privacy policy states it. */
export function periodInWords(days: number): string {
  if (days === 0) return 'not kept';
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  if (days % 30 === 0 && days >= 60) return `${days / 30} months`;
  return days === 1 ? '1 day' : `${days} days`;
}
