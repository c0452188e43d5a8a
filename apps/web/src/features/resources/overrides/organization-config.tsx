/**
 * The three per-organization configuration screens (/master-merchant-config, /agencyAgent-config,
 * /merchant-config). Their list runs over the organizations of the caller's scope
 * (def.listOwners), so a row may be an organization without a configuration: its status reads
 * "Not configured" and, for a user who may create, a "Configure" action opens the create form
 * with that organization fixed. CallbackSecret has its own input, with a Generate button
 * (callback-secret-input.tsx).
 */
import { useState } from 'react';
import { App, Button, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../abilities.ts';
import { recordName } from '../labels.ts';
import { ResourceForm } from '../components/resource-form.tsx';
import { CallbackSecretInput } from './callback-secret-input.tsx';
import type { ResourceItem } from '../resource-api.ts';
import type { ResourceOverride, RowActionProps } from './types.ts';

/** The form's own inputs, on Configure's create form as on the screen's. */
const INPUTS: ResourceOverride['inputs'] = { CallbackSecret: CallbackSecretInput };

/** Whether a row of a list over owners is an organization without a record. */
const unconfigured = (item: ResourceItem) => item.Configured === false;

function NotConfiguredTag() {
  const { t } = useTranslation();
  return <Tag color="warning">{t('resource.notConfigured')}</Tag>;
}

/** "Configure" on a row without a configuration: the create form for that organization. */
export function ConfigureAction({ def, item, onChanged }: RowActionProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useAbilities(def);
  const [open, setOpen] = useState(false);
  if (!unconfigured(item) || !can.create || typeof item.OrgId !== 'number') return null;
  const owner = { Id: item.OrgId, Name: item.OrgName ?? `#${item.OrgId}` };
  return (
    <>
      <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        {t('resource.configure')}
      </Button>
      {open && (
        <ResourceForm
          def={def}
          target={{ mode: 'create', owner }}
          override={{ inputs: INPUTS }}
          onClose={() => setOpen(false)}
          onSaved={(saved) => {
            setOpen(false);
            onChanged();
            void message.success(t('resource.created', { name: recordName(t, def, saved) }));
          }}
        />
      )}
    </>
  );
}

export const ORGANIZATION_CONFIG_OVERRIDE: ResourceOverride = {
  cells: { IsActive: (item) => (unconfigured(item) ? <NotConfiguredTag /> : undefined) },
  inputs: INPUTS,
  RowActions: ConfigureAction,
};
