/**
 * The sections of the profile form, each a group of antd Form items named as
 * the request is shaped (form-values.ts): Company (with the 16-state picker and its cities, §5
 * phone and e-mail rules, SSM numbers checked by the domain's validators), Persons and Bank
 * accounts (rows added and removed; an NRIC checked as YYMMDD-PB-###G with a real date and
 * place-of-birth code as it is typed), and Services. One column on a phone, two from 768 px.
 */
import type { ReactNode } from 'react';
import { Button, Card, Checkbox, Col, Empty, Flex, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_TYPES, BUSINESS_CATEGORIES, COMPANY_TYPES, GENDERS, ID_TYPES, PERSON_ROLES, SETTLEMENT_TIMINGS, VALIDATION_MESSAGES, enumLabelKey, type IdType,
} from '@paydesk/domain';
import { CityPicker, StatePicker } from '../../shared/country-pickers.tsx';
import { fieldRule, messageText } from '../../shared/field-rule.ts';
import { LookupSelect } from '../../shared/lookup-select.tsx';
import { enumLabel } from '../../shared/labels.ts';
import { useBankListQuery, useMdrCategorySearchQuery, usePaymentProductListQuery, type Bank } from '../../store/api.ts';
import { idNumberMessage, oldRegNoMessage, regNoMessage, withPrimary, type AccountValues, type ProfileFormValues } from './form-values.ts';
import './texts.ts';

const SERVICE_TYPES = ['1', '2', '3', '4', '5', '6'] as const;

/** An antd rule from a function answering a catalogue message or null. */
const checkRule = (check: (value: string | undefined) => string | null, required = false) => ({
  required,
  validator: async (_: unknown, value: string | undefined) => {
    const message = check(value);
    if (message !== null) throw new Error(messageText(message));
  },
});

/** Two columns from 768 px, one below. */
function Cols({ children }: { children: ReactNode[] }) {
  return (
    <Row gutter={16}>
      {children.map((c, i) => (
        <Col key={i} xs={24} md={12}>
          {c}
        </Col>
      ))}
    </Row>
  );
}

export function CompanyFields({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const state = Form.useWatch('State', form);
  const required = { required: true, message: messageText(VALIDATION_MESSAGES.required) };
  return (
    <Cols>
      {[
        <Form.Item key="Name" name="Name" label={t('profile.f.Name')} rules={[required, { max: 150, message: messageText(VALIDATION_MESSAGES.tooLong) }]}>
          <Input maxLength={150} data-testid="profile-name" />
        </Form.Item>,
        <Form.Item key="CompanyType" name="CompanyType" label={t('profile.f.CompanyType')} rules={[required]}>
          <Select options={COMPANY_TYPES.map((c) => ({ value: c.Value, label: t(c.labelKey) }))} data-testid="profile-company-type" />
        </Form.Item>,
        <Form.Item key="RegNo" name="RegNo" label={t('profile.f.RegNo')} rules={[checkRule(regNoMessage, true)]} validateFirst>
          <Input maxLength={20} placeholder="202301012345" data-testid="profile-regno" />
        </Form.Item>,
        <Form.Item key="RegNoOld" name="RegNoOld" label={t('profile.f.RegNoOld')} rules={[checkRule(oldRegNoMessage)]}>
          <Input maxLength={20} placeholder="1234567-X" data-testid="profile-regno-old" />
        </Form.Item>,
        <Form.Item key="BusinessCategory" name="BusinessCategory" label={t('profile.f.BusinessCategory')} rules={[required]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={BUSINESS_CATEGORIES.map((b) => ({ value: b.mcc, label: `${b.mcc} · ${b.name}` }))} data-testid="profile-business" />
        </Form.Item>,
        <Form.Item key="Website" name="Website" label={t('profile.f.Website')} rules={[fieldRule('url')]}>
          <Input maxLength={200} placeholder="https://" />
        </Form.Item>,
        <Form.Item key="Address1" name="Address1" label={t('profile.f.Address1')} rules={[required]}>
          <Input maxLength={150} data-testid="profile-address1" />
        </Form.Item>,
        <Form.Item key="Address2" name="Address2" label={t('profile.f.Address2')}>
          <Input maxLength={150} />
        </Form.Item>,
        <Form.Item key="State" name="State" label={t('profile.f.State')} rules={[required]}>
          <StatePicker onChange={() => form.setFieldValue('City', undefined)} data-testid="profile-state" />
        </Form.Item>,
        <Form.Item key="City" name="City" label={t('profile.f.City')} rules={[required]}>
          <CityPicker state={state} data-testid="profile-city" />
        </Form.Item>,
        <Form.Item key="Postcode" name="Postcode" label={t('profile.f.Postcode')} rules={[required]}>
          <Input maxLength={5} inputMode="numeric" data-testid="profile-postcode" />
        </Form.Item>,
        <Form.Item key="Phone" name="Phone" label={t('profile.f.Phone')} rules={[fieldRule('phone', { required: true })]}>
          <Input maxLength={30} inputMode="tel" placeholder="+60" data-testid="profile-phone" />
        </Form.Item>,
        <Form.Item key="Email" name="Email" label={t('profile.f.Email')} rules={[fieldRule('email', { required: true })]}>
          <Input maxLength={250} inputMode="email" data-testid="profile-email" />
        </Form.Item>,
      ]}
    </Cols>
  );
}

/** The ID number rule of person `index`: by the ID type chosen in the same row. */
function idNoRule(form: FormInstance<ProfileFormValues>, index: number) {
  return checkRule((value) => idNumberMessage(form.getFieldValue(['Persons', index, 'IdType']) as IdType | undefined, value), true);
}

export function PersonsFields({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const required = { required: true, message: messageText(VALIDATION_MESSAGES.required) };
  return (
    <Form.List name="Persons">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12} data-testid="form-persons">
          {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noPersons')} />}
          {fields.map(({ key, name }) => (
            <Card
              key={key}
              size="small"
              title={t('profile.person', { n: name + 1 })}
              extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={t('profile.removePerson', { n: name + 1 })} onClick={() => remove(name)} />}
              data-testid={`person-${name}`}
            >
              <Cols>
                {[
                  <Form.Item key="Name" name={[name, 'Name']} label={t('profile.p.Name')} rules={[required]}>
                    <Input maxLength={150} data-testid={`person-${name}-name`} />
                  </Form.Item>,
                  <Form.Item key="Role" name={[name, 'Role']} label={t('profile.p.Role')} rules={[required]}>
                    <Select options={PERSON_ROLES.map((r) => ({ value: r, label: t(enumLabelKey('personRole', r)) }))} data-testid={`person-${name}-role`} />
                  </Form.Item>,
                  <Form.Item key="IdType" name={[name, 'IdType']} label={t('profile.p.IdType')} rules={[required]}>
                    <Select
                      options={ID_TYPES.map((r) => ({ value: r, label: t(enumLabelKey('idType', r)) }))}
                      onChange={() => {
                        // The number is checked again by its new type once one was typed.
                        if (form.getFieldValue(['Persons', name, 'IdNo'])) void form.validateFields([['Persons', name, 'IdNo']]).catch(() => undefined);
                      }}
                      data-testid={`person-${name}-idtype`}
                    />
                  </Form.Item>,
                  <Form.Item key="IdNo" name={[name, 'IdNo']} label={t('profile.p.IdNo')} rules={[idNoRule(form, name)]}>
                    <Input maxLength={30} data-testid={`person-${name}-idno`} />
                  </Form.Item>,
                  <Form.Item key="Gender" name={[name, 'Gender']} label={t('profile.p.Gender')}>
                    <Select allowClear options={GENDERS.map((g) => ({ value: g, label: t(enumLabelKey('gender', g)) }))} />
                  </Form.Item>,
                  <Form.Item key="Nationality" name={[name, 'Nationality']} label={t('profile.p.Nationality')}>
                    <Input maxLength={60} />
                  </Form.Item>,
                  <Form.Item key="Phone" name={[name, 'Phone']} label={t('profile.p.Phone')} rules={[fieldRule('phone')]}>
                    <Input maxLength={30} inputMode="tel" />
                  </Form.Item>,
                  <Form.Item key="Email" name={[name, 'Email']} label={t('profile.p.Email')} rules={[fieldRule('email')]}>
                    <Input maxLength={250} inputMode="email" />
                  </Form.Item>,
                ]}
              </Cols>
            </Card>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ Role: 'DIRECTOR', IdType: 'NRIC' })} disabled={fields.length >= 20} data-testid="add-person">
            {t('profile.addPerson')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

export function AccountsFields({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const required = { required: true, message: messageText(VALIDATION_MESSAGES.required) };
  return (
    <Form.List name="BankAccounts">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12} data-testid="form-accounts">
          {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noAccounts')} />}
          {fields.map(({ key, name }) => {
            // Set when the form is filled from a stored profile and never edited: read, not watched.
            const masked = (form.getFieldValue(['BankAccounts', name, 'Masked']) as string | null | undefined) ?? null;
            return (
              <Card
                key={key}
                size="small"
                title={t('profile.account', { n: name + 1 })}
                extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={t('profile.removeAccount', { n: name + 1 })} onClick={() => remove(name)} />}
                data-testid={`account-${name}`}
              >
                <Cols>
                  {[
                    <Form.Item key="BankId" name={[name, 'BankId']} label={t('profile.a.Bank')} rules={[required]}>
                      <LookupSelect lookup={useBankListQuery} toOption={(b: Bank) => ({ value: b.Id, label: b.BankName })} data-testid={`account-${name}-bank`} />
                    </Form.Item>,
                    <Form.Item key="AccountType" name={[name, 'AccountType']} label={t('profile.a.AccountType')} rules={[required]}>
                      <Select options={ACCOUNT_TYPES.map((a) => ({ value: a, label: t(enumLabelKey('accountType', a)) }))} data-testid={`account-${name}-type`} />
                    </Form.Item>,
                    <Form.Item key="AccountName" name={[name, 'AccountName']} label={t('profile.a.AccountName')} rules={[required]}>
                      <Input maxLength={100} data-testid={`account-${name}-name`} />
                    </Form.Item>,
                    <Form.Item
                      key="AccountNo"
                      name={[name, 'AccountNo']}
                      label={t('profile.a.AccountNo')}
                      extra={masked ? t('profile.keepNumber', { masked }) : undefined}
                      rules={masked ? [] : [required]}
                    >
                      <Input maxLength={24} inputMode="numeric" autoComplete="off" placeholder={masked ?? undefined} data-testid={`account-${name}-no`} />
                    </Form.Item>,
                    <Form.Item key="IsPrimary" name={[name, 'IsPrimary']} valuePropName="checked">
                      <Checkbox
                        onChange={(e) => {
                          if (e.target.checked) form.setFieldValue('BankAccounts', withPrimary(form.getFieldValue('BankAccounts') as AccountValues[], name));
                        }}
                        data-testid={`account-${name}-primary`}
                      >
                        {t('profile.a.IsPrimary')}
                      </Checkbox>
                    </Form.Item>,
                  ]}
                </Cols>
              </Card>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            // The first account is the primary one (the server wants exactly one).
            onClick={() => add({ AccountType: 'CORPORATE', IsPrimary: fields.length === 0, Masked: null })}
            disabled={fields.length >= 10}
            data-testid="add-account"
          >
            {t('profile.addAccount')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

export function ServicesFields({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const timing = Form.useWatch(['Config', 'SettlementTiming'], form);
  const products = usePaymentProductListQuery();
  const categories = useMdrCategorySearchQuery();
  return (
    <Cols>
      {[
        <Form.Item key="ServiceTypes" name={['Config', 'ServiceTypes']} label={t('profile.s.ServiceTypes')}>
          <Select mode="multiple" options={SERVICE_TYPES.map((s) => ({ value: s, label: enumLabel(t, 'serviceType', s) }))} data-testid="profile-service-types" />
        </Form.Item>,
        <Form.Item key="PaymentProducts" name={['Config', 'PaymentProducts']} label={t('profile.s.PaymentProducts')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={products.isFetching}
            options={[...new Map((products.data ?? []).map((p) => [p.ProductCode, { value: p.ProductCode, label: `${p.ProductCode} · ${p.ProductName}` }])).values()]}
          />
        </Form.Item>,
        <Form.Item key="MdrCategoryId" name={['Config', 'MdrCategoryId']} label={t('profile.s.MdrCategoryId')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={categories.isFetching}
            options={(categories.data ?? []).map((c) => ({ value: c.Id, label: `${c.CategoryCode} · ${c.CategoryName}` }))}
          />
        </Form.Item>,
        <Form.Item key="SettlementTiming" name={['Config', 'SettlementTiming']} label={t('profile.s.SettlementTiming')}>
          <Select options={SETTLEMENT_TIMINGS.map((s) => ({ value: s, label: t(enumLabelKey('settlementTiming', s)) }))} />
        </Form.Item>,
        timing === 'CUSTOM' ? (
          <Form.Item key="SettlementCustom" name={['Config', 'SettlementCustom']} label={t('profile.s.SettlementCustom')} rules={[{ required: true, message: messageText(VALIDATION_MESSAGES.required) }]}>
            <Input maxLength={250} />
          </Form.Item>
        ) : (
          <Form.Item key="SettlementDays" name={['Config', 'SettlementDays']} label={t('profile.s.SettlementDays')}>
            <InputNumber min={0} max={30} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ),
      ]}
    </Cols>
  );
}
