/**
 * /message-template: beside the form, the placeholders the chosen template key allows (from the
 * `messageTemplateKeys` lookup; a click copies one) and a live preview of a body in the chosen
 * language (POST MessageTemplate/Preview, after typing pauses), with sample values to try.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Empty, Flex, Input, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@paydesk/contract';
import { useMessageTemplateKeysQuery } from '../../../store/api.ts';
import { useMessageTemplatePreviewMutation } from '../../../store/file-api.ts';
import type { ResourceOverride } from './types.ts';

type Preview = ResponseOf<'messageTemplatePreview'>;

export const PREVIEW_DELAY_MS = 400;
const BODIES = [
  { field: 'BodyEn', label: 'EN' },
  { field: 'BodyMs', label: 'MS' },
  { field: 'BodyZh', label: 'ZH' },
] as const;
type BodyField = (typeof BODIES)[number]['field'];

const bare = (placeholder: string) => placeholder.replace(/^\{\{|\}\}$/g, '');

/** Waits until `value` has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const MessageTemplateAside: NonNullable<ResourceOverride['FormAside']> = ({ values }) => {
  const { t } = useTranslation();
  const { data: keys = [], isFetching } = useMessageTemplateKeysQuery();
  const [bodyField, setBodyField] = useState<BodyField>('BodyEn');
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [renderPreview] = useMessageTemplatePreviewMutation();
  const templateKey = typeof values.TemplateKey === 'string' ? values.TemplateKey : '';
  const body = typeof values[bodyField] === 'string' ? (values[bodyField] as string) : '';
  const placeholders = (keys.find((k) => k.TemplateKey === templateKey)?.Placeholders ?? []).map(bare);
  const request = useSettled(JSON.stringify({ TemplateKey: templateKey, Body: body, Values: samples }), PREVIEW_DELAY_MS);

  useEffect(() => {
    const req = JSON.parse(request) as { TemplateKey: string; Body: string; Values: Record<string, string> };
    if (!req.TemplateKey || !req.Body) {
      setPreview(null);
      setBusy(false);
      return;
    }
    let aborted = false;
    const values = Object.fromEntries(Object.entries(req.Values).filter(([, v]) => v !== ''));
    setBusy(true);
    // No toast: a body that does not render yet (being typed) just shows no preview.
    const call = renderPreview({ body: { TemplateKey: req.TemplateKey, Body: req.Body, Values: values }, options: { silent: true } });
    call
      .unwrap()
      .then(setPreview)
      .catch(() => setPreview(null))
      .finally(() => !aborted && setBusy(false));
    return () => {
      // A newer body replaces this one: its request is cancelled (the mutation's signal).
      aborted = true;
      call.abort();
    };
  }, [request, renderPreview]);

  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('messageTemplate.placeholders')} loading={isFetching && keys.length === 0}>
        {!templateKey ? (
          <Typography.Text type="secondary">{t('messageTemplate.pickKey')}</Typography.Text>
        ) : placeholders.length === 0 ? (
          <Typography.Text type="secondary">{t('messageTemplate.noPlaceholders')}</Typography.Text>
        ) : (
          <Flex vertical gap={6} data-testid="template-placeholders">
            {placeholders.map((p) => (
              <Space key={p} size={8}>
                <Typography.Text code copyable={{ text: `{{${p}}}` }}>{`{{${p}}}`}</Typography.Text>
                <Input
                  size="small"
                  placeholder={t('messageTemplate.sample')}
                  aria-label={t('messageTemplate.sampleFor', { name: p })}
                  value={samples[p] ?? ''}
                  onChange={(e) => setSamples((s) => ({ ...s, [p]: e.target.value }))}
                  maxLength={1000}
                  style={{ width: 180 }}
                />
              </Space>
            ))}
          </Flex>
        )}
      </Card>
      <Card
        size="small"
        title={
          <Space>
            {t('messageTemplate.preview')}
            {busy && <Spin size="small" />}
          </Space>
        }
        extra={<Segmented size="small" value={bodyField} onChange={(v) => setBodyField(v as BodyField)} options={BODIES.map((b) => ({ value: b.field, label: b.label }))} />}
      >
        {!preview ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messageTemplate.previewEmpty')} />
        ) : (
          <Flex vertical gap={8}>
            <Typography.Paragraph data-testid="template-preview" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {preview.Rendered}
            </Typography.Paragraph>
            {preview.Unknown.length > 0 && (
              <Alert type="error" showIcon title={t('messageTemplate.unknown')} description={preview.Unknown.map((n) => `{{${n}}}`).join(', ')} />
            )}
            {preview.Missing.length > 0 && (
              <div>
                <Typography.Text type="secondary">{t('messageTemplate.missing')} </Typography.Text>
                {preview.Missing.map((n) => (
                  <Tag key={n}>{`{{${n}}}`}</Tag>
                ))}
              </div>
            )}
          </Flex>
        )}
      </Card>
    </Flex>
  );
};
