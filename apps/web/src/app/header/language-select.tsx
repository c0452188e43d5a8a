import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { LANGUAGES, languageChanged } from '../../store/ui-slice.ts';
import { HeaderPicker } from './header-picker.tsx';

/** The interface language (en, ms, zh), each named in its own language. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector((s) => s.ui.language);
  return (
    <HeaderPicker
      label={t('shell.language')}
      value={language}
      icon={<GlobalOutlined aria-hidden />}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
      onChange={(l) => dispatch(languageChanged(l))}
      maxWidth={110}
    />
  );
}
