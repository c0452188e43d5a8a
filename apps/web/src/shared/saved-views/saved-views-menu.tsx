/**
 * The "Views" button of a list screen: the user's saved views of the screen (each opens its link,
 * copies it, or is deleted after a prompt), "Save this view" (a name; the same name replaces it)
 * and "Copy link". A view is the list's URL query (filters, sort, order, page size) plus `cols`,
 * the column choice (shared/column-layout `prefsParam`), so its link `{screen}?{query}` reopens the
 * same list for anyone, within their own scope (list-controller.ts applies `cols`). The server
 * keeps each user's names (modules/saved-views).
 */
import { useState } from 'react';
import { App, Button, Empty, Flex, Form, Input, List, Modal, Popconfirm, Popover, Tooltip, Typography } from 'antd';
import { DeleteOutlined, LinkOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SAVED_VIEW_NAME_MAX } from '@paydesk/contract';
import { COLUMNS_PARAM, prefsParam, type ColumnPrefs } from '../column-layout.ts';
import { useDeleteViewMutation, useSaveViewMutation, useSavedViewsQuery } from './saved-views-api.ts';
import './texts.ts';

/**
 * The query a view keeps: the list's `search` (its URL query, defaults left out) and, when the user
 * chose columns, `cols`.
 */
export function viewQuery(search: string, prefs: ColumnPrefs): string {
  const params = new URLSearchParams(search);
  const cols = prefsParam(prefs);
  if (cols) params.set(COLUMNS_PARAM, cols);
  return params.toString();
}

/** A view's link on this site: `{origin}{screen}?{query}`. */
export const viewLink = (screen: string, query: string) => `${window.location.origin}${screen}${query ? `?${query}` : ''}`;

export interface SavedViewsMenuProps {
  /** The screen's path (`/transaction/ecommerce`). */
  screen: string;
  /** The list's URL query now (list-controller `search`). */
  search: string;
  /** The column choice now. */
  prefs: ColumnPrefs;
}

export function SavedViewsMenu({ screen, search, prefs }: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ Name: string }>();
  const views = useSavedViewsQuery(screen, { skip: !open && !naming });
  const [saveView, saving] = useSaveViewMutation();
  const [deleteView] = useDeleteViewMutation();
  const current = viewQuery(search, prefs);

  const copy = async (query: string) => {
    try {
      await navigator.clipboard.writeText(viewLink(screen, query));
      void message.success(t('views.copied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
      void message.info(viewLink(screen, query), 8);
    }
  };

  const save = async ({ Name }: { Name: string }) => {
    try {
      await saveView({ Screen: screen, Name, Query: current }).unwrap();
      void message.success(t('views.saved', { name: Name.trim() }));
      setNaming(false);
      form.resetFields();
    } catch {
      // The toast has said why; the dialog stays open.
    }
  };

  const items = views.data?.Items ?? [];
  const content = (
    <Flex vertical gap={8} style={{ width: 'min(320px, 80vw)' }} data-testid="saved-views">
      {items.length === 0 && !views.isFetching ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('views.none')} />
      ) : (
        <List
          size="small"
          loading={views.isFetching && items.length === 0}
          dataSource={items}
          renderItem={(v) => (
            <List.Item
              actions={[
                <Tooltip key="link" title={t('views.copyLink')}>
                  <Button type="text" size="small" icon={<LinkOutlined aria-hidden />} aria-label={`${t('views.copyLink')}: ${v.Name}`} onClick={() => void copy(v.Query)} />
                </Tooltip>,
                <Popconfirm key="delete" title={t('views.deletePrompt', { name: v.Name })} okText={t('resource.yes')} cancelText={t('resource.cancel')} okButtonProps={{ danger: true }} onConfirm={() => deleteView({ Id: v.Id, Screen: screen }).unwrap().catch(() => undefined)}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('views.delete')}: ${v.Name}`} />
                </Popconfirm>,
              ]}
            >
              <Typography.Link
                onClick={() => {
                  setOpen(false);
                  navigate(`${screen}${v.Query ? `?${v.Query}` : ''}`);
                }}
              >
                {v.Name}
              </Typography.Link>
            </List.Item>
          )}
        />
      )}
      <Flex gap={8} wrap>
        <Button
          type="primary"
          onClick={() => {
            setOpen(false);
            setNaming(true);
          }}
        >
          {t('views.save')}
        </Button>
        <Button icon={<LinkOutlined aria-hidden />} onClick={() => void copy(current)}>
          {t('views.copyCurrent')}
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <>
      <Popover trigger="click" open={open} onOpenChange={setOpen} content={content} title={t('views.title')} placement="bottomRight">
        <Button icon={<StarOutlined aria-hidden />}>{t('views.button')}</Button>
      </Popover>
      <Modal
        open={naming}
        title={t('views.save')}
        okText={t('views.saveOk')}
        cancelText={t('resource.cancel')}
        confirmLoading={saving.isLoading}
        onOk={() => form.submit()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="Name" label={t('views.name')} rules={[{ required: true, whitespace: true, message: t('placeholder_cannot_be_empty') }]} extra={t('views.nameHelp')}>
            <Input maxLength={SAVED_VIEW_NAME_MAX} autoFocus data-testid="saved-view-name" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
