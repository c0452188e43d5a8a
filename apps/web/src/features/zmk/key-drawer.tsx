/**
 * One zone master key in a drawer: what it is (scheme, purpose, acquirer), its
 * component slots (who entered each, when, its KCV — never the component), the key's KCV and
 * parity once active, its history, and the actions its caller may take now (the server's
 * AllowedActions): enter a component, cancel the ceremony, retire the key (each with a reason and
 * a confirmation). Every write answers the key, shown at once.
 */
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Flex, Modal, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabelKey, formatDateTime } from '@paydesk/domain';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { ComponentDialog } from './component-dialog.tsx';
import { STATUS_COLORS } from './status-colors.ts';
import { useZmkCloseMutation, type ZmkKey } from './zmk-api.ts';
import './texts.ts';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '-');

export function KeyDrawer({ zmk, onClose, onChanged }: { zmk: ZmkKey | null; onClose: () => void; onChanged: (key: ZmkKey) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const narrow = useNarrow();
  const [entering, setEntering] = useState<1 | 2 | 3 | null>(null);
  const [closing, setClosing] = useState<'CANCEL' | 'RETIRE' | null>(null);
  const [busy, setBusy] = useState(false);
  const [closeKey] = useZmkCloseMutation();
  if (!zmk) return null;

  // The write's mutation has asked the list again.
  const changed = (next: ZmkKey, toast: string) => {
    void message.success(toast);
    onChanged(next);
  };
  const close = (reason: string) => {
    const action = closing;
    if (!action) return;
    Modal.confirm({
      title: t(action === 'CANCEL' ? 'zmk.cancelTitle' : 'zmk.retireTitle', { name: zmk.Name }),
      content: t(action === 'CANCEL' ? 'zmk.cancelNote' : 'zmk.retireNote'),
      okText: t('zmk.confirmYes'),
      okButtonProps: { danger: true },
      cancelText: t('resource.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const next = await closeKey({ action, body: { Id: zmk.Id, Reason: reason } }).unwrap();
          setClosing(null);
          changed(next, t(action === 'CANCEL' ? 'zmk.cancelled' : 'zmk.retired'));
        } catch {
          // The client has shown the server's message (§8).
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const slots = ([1, 2, 3] as const).filter((n) => zmk.AllowedActions.includes(`COMPONENT${n}`));
  const footer = (
    <Flex wrap gap={8} justify="flex-end">
      {zmk.AllowedActions.includes('CANCEL') && (
        <Button danger onClick={() => setClosing('CANCEL')} disabled={busy}>
          {t('zmk.cancel')}
        </Button>
      )}
      {zmk.AllowedActions.includes('RETIRE') && (
        <Button danger onClick={() => setClosing('RETIRE')} disabled={busy}>
          {t('zmk.retire')}
        </Button>
      )}
      {slots.map((n) => (
        <Button key={n} type="primary" onClick={() => setEntering(n)}>
          {t('zmk.enter', { seq: n })}
        </Button>
      ))}
    </Flex>
  );
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
      footer={zmk.AllowedActions.length ? footer : undefined}
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
      <NoteDialog
        open={closing !== null}
        title={t(closing === 'RETIRE' ? 'zmk.retire' : 'zmk.cancel')}
        okText={t(closing === 'RETIRE' ? 'zmk.retire' : 'zmk.cancel')}
        label={t('zmk.reason')}
        danger
        busy={busy}
        testId="zmk-reason"
        onSubmit={(reason) => close(reason)}
        onCancel={() => setClosing(null)}
      />
    </Drawer>
  );
}
