import { Switch, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { themeChanged } from '../../store/ui-slice.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dark = useAppSelector((s) => s.ui.theme === 'dark');
  return (
    <Tooltip title={t('shell.darkMode')}>
      <Switch
        aria-label={t('shell.darkMode')}
        checked={dark}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
        onChange={(on) => dispatch(themeChanged(on ? 'dark' : 'light'))}
      />
    </Tooltip>
  );
}
