/**
 * One zone master key in a drawer: what it is (scheme, purpose, acquirer), its
 * component slots (who entered each, when, its KCV — never the component), the key's KCV and
 * parity once active, its history, and the actions its caller may take now (the server's
 * AllowedActions): cancel the ceremony and retire the key are the Zmk workflow's commands (contract
 * workflows/zmk-key.ts: a reason, then a confirmation) drawn by the workflow engine's toolbar in
 * the footer, where the key's status accepts them, the caller holds their permission and the
 * server lists them; entering a component is the drawer's own dialog, its buttons after the
 * commands. Every write answers the key, shown at once, and asks the list again.
 */
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Flex, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZMK_KEY_WORKFLOW } from '@paydesk/contract';
import { enumLabelKey, formatDateTime } from '@paydesk/domain';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useWorkflowActions } from '../../shared/workflow/workflow-actions.tsx';
import { ComponentDialog } from './component-dialog.tsx';
import { STATUS_COLORS } from './status-colors.ts';
import { ZMK_TAG, type ZmkKey } from './zmk-api.ts';
import './texts.ts';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '-');
/** A command asks the key list again; the drawer shows the key the command answered. */
const REFRESH = [ZMK_TAG];

export function KeyDrawer({ zmk, onClose, onChanged }: { zmk: ZmkKey | null; onClose: () => void; onChanged: (key: ZmkKey) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const narrow = useNarrow();
  const [entering, setEntering] = useState<1 | 2 | 3 | null>(null);
  const slots = ([1, 2, 3] as const).filter((n) => zmk?.AllowedActions.includes(`COMPONENT${n}`));
  // Called before the early return (a hook); with no key there is no state, so no command shows.
  const actions = useWorkflowActions({
    workflow: ZMK_KEY_WORKFLOW,
    detail: zmk ?? { Id: 0 },
    allowed: zmk?.AllowedActions ?? [],
    refresh: REFRESH,
    // Both commands answer the key (ZmkDetail).
    onDone: (next) => onChanged(next as ZmkKey),
    testId: 'zmk-actions',
    noteTestId: 'zmk-reason',
    extra:
      slots.length > 0 ? (
        <>
          {slots.map((n) => (
            <Button key={n} type="primary" onClick={() => setEntering(n)}>
              {t('zmk.enter', { seq: n })}
            </Button>
          ))}
        </>
      ) : undefined,
  });
  if (!zmk) return null;

  // The component's mutation has asked the list again.
  const changed = (next: ZmkKey, toast: string) => {
    void message.success(toast);
    onChanged(next);
  };
  const eventText = (e: ZmkKey['History'][number]) => t(`zmk.event.${e.Event}`, { seq: e.Seq ?? '', kcv: e.Kcv ?? '', reason: e.Reason ?? '' });

  return (
    <Drawer
      open
      size={narrow ? '100%' : 640}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{t('zmk.drawerTitle', { name: zmk.Name })}</span>
          <Tag color={STATUS_COLORS[zmk.Status]}>{t(enumLabelKey('zmkStatus', zmk.Status))}</Tag>
        </Flex>
      }
      onClose={onClose}
      afterOpenChange={(open) => !open && focusMainIfLost()}
      footer={actions.toolbar ? <Flex justify="flex-end">{actions.toolbar}</Flex> : undefined}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('zmk.scheme')}>{t(enumLabelKey('zmkScheme', zmk.Scheme))}</Descriptions.Item>
        <Descriptions.Item label={t('zmk.purpose')}>{t(enumLabelKey('zmkPurpose', zmk.Purpose))}</Descriptions.Item>
        <Descriptions.Item label={t('zmk.acquirer')}>{zmk.AcquirerName}</Descriptions.Item>
        <Descriptions.Item label={t('zmk.created')}>{t('zmk.byAt', { user: zmk.CreatedBy, at: when(zmk.CreatedAt) })}</Descriptions.Item>
        {zmk.Kcv && (
          <Descriptions.Item label={t('zmk.keyKcv')}>
            <Typography.Text code data-testid="zmk-key-kcv">
              {zmk.Kcv}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {zmk.OddParity !== null && <Descriptions.Item label={t('zmk.parity')}>{t(zmk.OddParity ? 'zmk.parityOdd' : 'zmk.parityNotOdd')}</Descriptions.Item>}
        {zmk.ActivatedAt && <Descriptions.Item label={t('zmk.activated')}>{when(zmk.ActivatedAt)}</Descriptions.Item>}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('zmk.slots')}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        {zmk.Components.map((c) => (
          <Descriptions.Item key={c.Seq} label={t('zmk.slot', { seq: c.Seq })}>
            {c.Entered ? t('zmk.slotEntered', { user: c.EnteredBy, at: when(c.EnteredAt), kcv: c.Kcv }) : <Typography.Text type="secondary">{t('zmk.slotAwaited')}</Typography.Text>}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('zmk.history')}
      </Typography.Title>
      <Timeline
        items={zmk.History.map((e, i) => ({
          key: i,
          content: (
            <Flex vertical>
              <Typography.Text>{eventText(e)}</Typography.Text>
              <Typography.Text type="secondary">{t('zmk.byAt', { user: e.By ?? '-', at: when(e.At) })}</Typography.Text>
            </Flex>
          ),
        }))}
      />
      <ComponentDialog
        subject={entering ? { key: zmk, seq: entering } : null}
        onClose={() => setEntering(null)}
        onEntered={(next) => {
          const seq = entering;
          setEntering(null);
          changed(next, next.Status === 'ACTIVE' ? t('zmk.activatedToast', { kcv: next.Kcv }) : t('zmk.entered', { seq }));
        }}
      />
      {actions.dialogs}
    </Drawer>
  );
}
