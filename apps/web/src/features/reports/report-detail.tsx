/**
 * The detail of one report row: the columns placed in 'detail', each as a labelled
 * line written by its kind (report-cells), grouped by their declared `section` — first the
 * untitled 'main', then the others in the order the catalogue first names them, each titled by
 * `detail.{section in snake case}` and marked `data-testid="txn-{section in kebab case}"` (the
 * hierarchy, customer and customer address panels keep the test ids existing tests rely on), then the declared
 * sub-table (`detailLines`, e.g. a settlement batch's lines per card) as a small table.
 * Presentational: the drawer loads the record.
 */
import { Descriptions, Flex, Table, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { columnIn, reportDetailLines, type ListReportDef, type ReportColumn, type ReportRow } from '@paydesk/contract';
import { columnsWidth } from '../../shared/column-layout.ts';
import { ReportCell, isNumeric, kindWidth } from './report-cells.tsx';
import './labels.ts';

type Items = NonNullable<DescriptionsProps['items']>;

const MAIN = 'main';
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The detail columns of `def` by section, 'main' first, then in order of first mention. */
export function detailSections(def: Pick<ListReportDef, 'columns'>): { section: string; columns: ReportColumn[] }[] {
  const bySection = new Map<string, ReportColumn[]>([[MAIN, []]]);
  for (const c of def.columns.filter((col) => columnIn(col, 'detail'))) {
    const section = c.section ?? MAIN;
    bySection.set(section, [...(bySection.get(section) ?? []), c]);
  }
  return Array.from(bySection, ([section, columns]) => ({ section, columns })).filter((s) => s.columns.length > 0);
}

/** The declared sub-table of a detail (`detailLines`, e.g. a batch's lines), titled, scrolling inside its own focusable box. */
function DetailLines({ def, detail, currency }: { def: Pick<ListReportDef, 'detailLines'>; detail: ReportRow; currency: string }) {
  const { t, i18n } = useTranslation();
  const lines = def.detailLines!;
  const columns = lines.columns.map((c) => ({
    key: c.key,
    title: t(c.labelKey),
    width: kindWidth(c.kind),
    align: isNumeric(c.kind) ? ('right' as const) : undefined,
    render: (_: unknown, row: Record<string, unknown>) => <ReportCell t={t} column={c} row={row} fallbackCurrency={currency} language={i18n.language} />,
  }));
  const rows = reportDetailLines(def, detail).map((r, i) => ({ ...r, __key: i }));
  return (
    <Flex vertical gap={8} data-testid="report-detail-lines">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t(lines.labelKey)}
      </Typography.Title>
      {/* Wider than a drawer: it scrolls inside this box, a Tab stop so a keyboard can scroll it (WCAG 2.1.1; its cells hold nothing focusable). */}
      <div tabIndex={0} role="region" aria-label={t(lines.labelKey)} style={{ overflowX: 'auto' }}>
        <Table rowKey="__key" size="small" columns={columns} dataSource={rows} pagination={false} tableLayout="fixed" style={{ minWidth: columnsWidth(columns) }} />
      </div>
    </Flex>
  );
}

export function ReportDetail({ def, detail, fallbackCurrency }: { def: Pick<ListReportDef, 'columns' | 'detailLines'>; detail: ReportRow; fallbackCurrency?: string }) {
  const { t, i18n } = useTranslation();
  const currency = fallbackCurrency ?? 'MYR';
  const common = { bordered: true, size: 'small' as const, column: { xs: 1, sm: 2 } };
  return (
    <Flex vertical gap={16}>
      {detailSections(def).map(({ section, columns }) => {
        const items: Items = columns.map((c) => ({
          key: c.key,
          label: t(c.labelKey),
          children:
            // The reference is what a user copies into a ticket or a chat with the acquirer.
            c.key === 'TxnRefNo' && detail[c.key] ? (
              <Typography.Text copyable>{String(detail[c.key])}</Typography.Text>
            ) : (
              <ReportCell t={t} column={c} row={detail} fallbackCurrency={currency} language={i18n.language} />
            ),
        }));
        return section === MAIN ? (
          <Descriptions key={section} {...common} items={items} />
        ) : (
          <Descriptions key={section} {...common} title={t(`detail.${snake(section)}`)} items={items} data-testid={`txn-${kebab(section)}`} />
        );
      })}
      {def.detailLines && <DetailLines def={def} detail={detail} currency={currency} />}
    </Flex>
  );
}
