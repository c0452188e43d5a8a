/**
 * The report texts (column titles, filter labels, screen titles) come from the contract's
 * REPORT_LABELS, the one source the server's export headers use too. They join the
 * i18n catalogues when a report component first loads, not with the entry chunk.
 */
import { REPORT_LABELS } from '@paydesk/contract';
import { addScreenTexts } from '../../i18n/index.ts';

addScreenTexts(REPORT_LABELS);
