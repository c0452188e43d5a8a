/**
 * One transaction's detail (§3 transaction detail, customer and customer-address panels), only
 * when it lies in the caller's subtree and service type; otherwise NF404 (not 403, so ids of
 * other tenants are not confirmed to exist).
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ServiceTypeCode } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import { organizations, transactions as t } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { and, branchOrg, listColumns, merchantOrg, toListItem, transactionConditions, type ListRow } from './query.ts';

const mmOrg = alias(organizations, 'mm_org');
const agencyOrg = alias(organizations, 'agency_org');
const agentOrg = alias(organizations, 'agent_org');

export async function getTransaction(database: Database, scope: Scope, serviceType: ServiceTypeCode, id: number) {
  const [r] = await database.db
    .select({
      ...listColumns,
      acquirerName: t.acquirerName,
      provider: t.provider,
      tid: t.tid,
      authCode: t.authCode,
      responseCode: t.responseCode,
      responseMessage: t.responseMessage,
      merchantOrderNo: t.merchantOrderNo,
      orderDescription: t.orderDescription,
      cardType: t.cardType,
      issuerCountry: t.issuerCountry,
      bankCode: t.bankCode,
      masterMerchantName: mmOrg.name,
      agencyName: agencyOrg.name,
      agentName: agentOrg.name,
      custPhoneNo: t.custPhoneNo,
      custEmail: t.custEmail,
      custRef: t.custRef,
      custAddress1: t.custAddress1,
      custAddress2: t.custAddress2,
      custState: t.custState,
      custCity: t.custCity,
      custCountry: t.custCountry,
      updatedAt: t.updatedAt,
    })
    .from(t)
    .leftJoin(merchantOrg, eq(merchantOrg.id, t.merchantId))
    .leftJoin(branchOrg, eq(branchOrg.id, t.branchId))
    .leftJoin(mmOrg, eq(mmOrg.id, t.masterMerchantId))
    .leftJoin(agencyOrg, eq(agencyOrg.id, t.agencyId))
    .leftJoin(agentOrg, eq(agentOrg.id, t.agentId))
    .where(and(eq(t.id, id), ...transactionConditions(scope, serviceType, {})));
  if (!r) throw notFound('Transaction');
  return {
    ...toListItem(r as unknown as ListRow),
    AcquirerName: r.acquirerName,
    Provider: r.provider,
    TID: r.tid,
    AuthCode: r.authCode,
    ResponseCode: r.responseCode,
    ResponseMessage: r.responseMessage,
    MerchantOrderNo: r.merchantOrderNo,
    OrderDescription: r.orderDescription,
    CardType: r.cardType,
    IssuerCountry: r.issuerCountry,
    BankCode: r.bankCode,
    MasterMerchantName: r.masterMerchantName ?? '',
    AgencyName: r.agencyName ?? '',
    AgentName: r.agentName ?? '',
    CustPhoneNo: r.custPhoneNo,
    CustEmail: r.custEmail,
    CustRef: r.custRef,
    CustAddress1: r.custAddress1,
    CustAddress2: r.custAddress2,
    CustState: r.custState,
    CustCity: r.custCity,
    CustCountry: r.custCountry,
    UpdatedAt: r.updatedAt.toISOString(),
  };
}
