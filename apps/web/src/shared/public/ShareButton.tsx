import { useToast } from './Toaster.tsx';

/** The device's share sheet when there is one, else the page URL to the clipboard (§8 toasts). */
export function ShareButton({ title }: { title: string }) {
  const toast = useToast();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        toast({ title: 'Shared successfully' });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied!' });
    } catch {
      toast({
        title: 'Failed to copy',
        description: 'Please try again or copy the URL manually.',
        variant: 'destructive',
      });
    }
  };
  return (
    <button type="button" className="button button-secondary" onClick={share}>
      Share
    </button>
  );
}
