import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { LANGUAGES, languageChanged, type Language } from '../../store/ui-slice.ts';

export function LanguageSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector((s) => s.ui.language);
  return (
    <Select
      aria-label={t('shell.language')}
      value={language}
      prefix={<GlobalOutlined />}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
      onChange={(l: Language) => dispatch(languageChanged(l))}
      popupMatchSelectWidth={false}
      style={{ width: 150 }}
    />
  );
}
