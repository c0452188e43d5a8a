/**
 * A profile's KYC documents: the documents on file (kind, file, size, when and
 * by whom uploaded) with Download (GET {S}/Profile/Document/:Id, saved under the server's name)
 * and, for holders of `{module}:update`, Remove after a confirmation (POST Document/Delete) and
 * Upload: a kind (SSM certificate, director ID, bank statement, other) and one PDF, JPEG or PNG
 * file of at most ORG_DOCUMENT_MAX_BYTES (POST {S}/Profile/:Id/Document, multipart DocType then
 * file). The server tells the type by the file's magic bytes: its refusal (type, size) is shown
 * here, under the picker, where the user chooses another file; an obviously too large file is
 * refused before it is sent.
 */
import { useState } from 'react';
import { Alert, App, Button, Empty, Flex, Select, Table, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProfileSegment } from '@paydesk/contract';
import { ORG_DOCUMENT_MAX_BYTES, ORG_DOCUMENT_TYPES, enumLabelKey, formatDateTime, type OrgDocumentType } from '@paydesk/domain';
import type { Verdict } from '../../api/failure.ts';
import { formatDecimal } from '../../shared/format.ts';
import { useDownloadFileMutation, useUpload } from '../../store/file-api.ts';
import { documentDownload, documentUpload, useProfileDocumentDeleteMutation, type ProfileDetail, type ProfileDocument } from './profile-api.ts';
import './texts.ts';

/** A size in bytes as people read it: '512 B', '1.5 KB', '5 MB' (KB and MB of 1,024). */
export function fileSize(bytes: number, lang: string): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, lang, 1)} KB`;
  return `${formatDecimal(bytes / (1024 * 1024), lang, 1)} MB`;
}

function RowActions({ segment, profileId, doc, canUpdate }: { segment: ProfileSegment; profileId: number; doc: ProfileDocument; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [deleteDocument] = useProfileDocumentDeleteMutation();
  const [downloadFile] = useDownloadFileMutation();
  const download = async () => {
    setSaving(true);
    try {
      void message.success(t('profile.downloaded', { file: await downloadFile(documentDownload(segment, doc.Id)).unwrap() }));
    } catch {
      // The client has shown the error.
    } finally {
      setSaving(false);
    }
  };
  const remove = () =>
    modal.confirm({
      title: t('profile.removeTitle', { file: doc.FileName }),
      content: t('profile.removeBody'),
      okText: t('profile.remove'),
      okButtonProps: { danger: true },
      cancelText: t('profile.cancel'),
      onOk: async () => {
        try {
          // The mutation asks the profile, its history and the lists again.
          await deleteDocument({ segment, profileId, documentId: doc.Id }).unwrap();
          void message.success(t('profile.removed', { file: doc.FileName }));
        } catch {
          // The client has shown the error; the document stays listed.
        }
      },
    });
  return (
    <Flex wrap gap={4}>
      <Button size="small" icon={<DownloadOutlined />} loading={saving} onClick={() => void download()} aria-label={`${t('profile.download')} ${doc.FileName}`}>
        {t('profile.download')}
      </Button>
      {canUpdate && (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={remove} aria-label={`${t('profile.remove')} ${doc.FileName}`}>
          {t('profile.remove')}
        </Button>
      )}
    </Flex>
  );
}

function UploadForm({ segment, profileId }: { segment: ProfileSegment; profileId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [kind, setKind] = useState<OrgDocumentType>('SSM_CERTIFICATE');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [upload] = useUpload();
  const max = fileSize(ORG_DOCUMENT_MAX_BYTES, i18n.language);

  const send = async () => {
    if (!file) {
      setProblem([t('profile.noFile')]);
      return;
    }
    if (file.size > ORG_DOCUMENT_MAX_BYTES) {
      setProblem([t('profile.tooLarge', { file: file.name, max })]);
      return;
    }
    setProblem(null);
    setBusy(true);
    let verdict: Verdict | null = null;
    // A refusal by the server (type, size, …) is shown here; a network failure keeps its toast.
    const claimed = (v: Verdict) => v.code !== null;
    try {
      // The mutation asks the profile, its history and the lists again once the document is added.
      const doc = await upload(documentUpload(segment, profileId, kind, file, { silent: claimed, onFailure: (v) => (verdict = v) }));
      void message.success(t('profile.uploaded', { file: doc.FileName }));
      setFile(null);
    } catch {
      const v = verdict as Verdict | null;
      if (v && claimed(v)) setProblem(v.messages);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="profile-upload">
      <Flex wrap gap={8} align="flex-start">
        <Select<OrgDocumentType>
          aria-label={t('profile.docKind')}
          value={kind}
          onChange={setKind}
          style={{ width: 220, maxWidth: '100%' }}
          options={ORG_DOCUMENT_TYPES.map((d) => ({ value: d, label: t(enumLabelKey('orgDocumentType', d)) }))}
          data-testid="profile-doc-kind"
        />
        <Upload
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setProblem(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />} data-testid="profile-doc-choose">
            {t('profile.chooseFile')}
          </Button>
        </Upload>
        <Button type="primary" loading={busy} onClick={() => void send()} data-testid="profile-doc-upload">
          {t('profile.upload')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{t('profile.fileHint', { max })}</Typography.Text>
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('profile.refused')}
          description={problem.length > 1 ? <ul style={{ margin: 0, paddingInlineStart: 18 }}>{problem.map((m) => <li key={m}>{m}</li>)}</ul> : problem[0]}
          data-testid="profile-doc-error"
        />
      )}
    </Flex>
  );
}

export function DocumentsTab({ segment, profile, canUpdate }: { segment: ProfileSegment; profile: ProfileDetail; canUpdate: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical gap={16}>
      {canUpdate && <UploadForm segment={segment} profileId={profile.Id} />}
      <div role="region" aria-label={t('profile.tab.documents')} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table<ProfileDocument>
          rowKey="Id"
          size="small"
          pagination={false}
          dataSource={profile.Documents}
          style={{ minWidth: 760 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noDocuments')} /> }}
          data-testid="profile-documents"
          columns={[
            { key: 'DocType', title: t('profile.d.DocType'), width: 150, render: (_, d) => t(enumLabelKey('orgDocumentType', d.DocType)) },
            { key: 'FileName', title: t('profile.d.FileName'), width: 200, ellipsis: true, dataIndex: 'FileName' },
            { key: 'Size', title: t('profile.d.Size'), width: 90, align: 'right', render: (_, d) => fileSize(d.SizeBytes, i18n.language) },
            { key: 'Uploaded', title: t('profile.d.Uploaded'), width: 190, render: (_, d) => [formatDateTime(d.UploadedAt), d.UploadedBy].filter(Boolean).join(' · ') },
            { key: 'Actions', title: t('profile.d.Actions'), width: 200, render: (_, d) => <RowActions segment={segment} profileId={profile.Id} doc={d} canUpdate={canUpdate} /> },
          ]}
        />
      </div>
    </Flex>
  );
}
