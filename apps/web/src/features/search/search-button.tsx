/**
 * The header's search entry: a button (its label on wide screens, an icon on a phone) and the
 * ⌘K / Ctrl K shortcut anywhere in the signed-in app, both opening the search dialog. The
 * dialog's code loads on first use, so the shell's first load stays small.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './texts.ts';

const SearchDialog = lazy(() => import('./search-dialog.tsx'));

/** Whether a key press is the search shortcut: K with ⌘ (macOS) or Ctrl, no other modifier. */
export const isSearchShortcut = (e: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>): boolean =>
  (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

export function SearchButton({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <>
      {/* Its name is its visible text (with the shortcut) on wide screens, "Search" as an icon on a phone (WCAG 2.5.3). */}
      <Button
        icon={<SearchOutlined aria-hidden />}
        aria-label={narrow ? t('search.open') : undefined}
        aria-keyshortcuts="Meta+K Control+K"
        title={t('search.openHint')}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {narrow ? null : (
          <>
            {t('search.open')} <kbd style={{ marginInlineStart: 8, fontSize: 11, opacity: 0.7 }}>{mac ? '⌘K' : 'Ctrl K'}</kbd>
          </>
        )}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
