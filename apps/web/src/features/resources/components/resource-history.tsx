/**
 * A lifecycle record's history (contract ResourceDef.lifecycle): a drawer with the record's events
 * (`GET /api/portal/{Name}/Events/{Id}`, oldest first) drawn by the shared RecordEvents: each
 * command with the state before and after, its reason, who and when (MYT). Asked again after
 * every write of the resource, so a command just run shows at once.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@paydesk/contract';
import { addScreenTexts } from '../../../i18n/index.ts';
import { LoadError } from '../../../shared/load-error.tsx';
import { RecordEvents } from '../../../shared/record-events.tsx';
import { useNarrow } from '../../../shared/use-narrow.ts';
import { optionLabel, recordName } from '../labels.ts';
import { useResourceEventsQuery, type ResourceItem } from '../resource-api.ts';

addScreenTexts({
  en: { 'resource.history': 'History', 'resource.historyOf': 'History of {{name}}', 'resource.event.CREATE': 'Created', 'resource.reason': 'Reason' },
  ms: { 'resource.history': 'Sejarah', 'resource.historyOf': 'Sejarah {{name}}', 'resource.event.CREATE': 'Dicipta', 'resource.reason': 'Sebab' },
  zh: { 'resource.history': '历史记录', 'resource.historyOf': '{{name}} 的历史记录', 'resource.event.CREATE': '已创建', 'resource.reason': '原因' },
});

export interface ResourceHistoryProps {
  def: ResourceDef;
  /** The record whose history is shown; null: closed. */
  item: ResourceItem | null;
  onClose: () => void;
}

export function ResourceHistory({ def, item, onClose }: ResourceHistoryProps) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { data, isFetching, isError, refetch } = useResourceEventsQuery(item ? { name: def.name, id: item.Id } : skipToken);
  const state = def.lifecycle ? def.fields[def.lifecycle.field] : undefined;
  // An action is named by the command that performs it, a state by the state field's option.
  const actionLabel = (action: string) => {
    const command = def.commands?.find((c) => c.action === action);
    return command ? t(command.labelKey) : t(`resource.event.${action}`, { defaultValue: action });
  };
  const stateLabel = (value: string) => {
    const option = state?.options?.find((o) => String(o.value) === value);
    return option ? optionLabel(t, option) : value;
  };
  return (
    <Drawer open={item !== null} onClose={onClose} size={narrow ? '100%' : 480} title={item ? t('resource.historyOf', { name: recordName(t, def, item) }) : ''} destroyOnHidden>
      {isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : !data ? (
        <Spin spinning={isFetching} />
      ) : (
        <RecordEvents events={data.Items} actionLabel={actionLabel} stateLabel={stateLabel} testId="resource-history" />
      )}
    </Drawer>
  );
}
