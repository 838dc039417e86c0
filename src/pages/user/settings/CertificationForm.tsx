import { Alert, Button, Form, Grid, Input, Select, Space } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creditCodeSchema, personNameSchema, phoneSchema } from '../../../../contract/account-rules';
import {
  type CertificationRecord,
  ENTERPRISE_CERT_TYPES,
  idNumberProblem,
  LEGAL_PERSON_ID_TYPES,
  type LegalPersonIdType,
  type SubmitCertificationRequest,
} from '../../../../contract/certifications';
import { apiPost } from '../../../api/request';
import { requiredRule, schemaRule, showFieldErrors } from '../form-rules';

interface CertificationFormProps {
  contactPhone: string;
  onSubmitted: (record: CertificationRecord) => void;
  onCancel: () => void;
}

/** The enterprise certification application, checked with the same rules as the server. */
export function CertificationForm({ contactPhone, onSubmitted, onCancel }: CertificationFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SubmitCertificationRequest>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: SubmitCertificationRequest) => {
    setSaving(true);
    try {
      const record = await apiPost<CertificationRecord>('/user/certifications', {
        ...values,
        creditCode: values.creditCode.trim().toUpperCase(),
        legalPersonIdNumber: values.legalPersonIdNumber.trim().toUpperCase(),
      });
      onSubmitted(record);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onSubmit={submit}
      autoComplete="off"
      initialValues={{
        enterpriseCertType: 'unifiedSocialCreditCode',
        legalPersonIdType: 'residentIdCard',
        contactPhone,
      }}
    >
      <Alert type="info" content={t('userSetting.cert.formIntro')} style={{ marginBottom: 16 }} />
      <Form.Item
        label={t('userSetting.cert.enterpriseName')}
        field="enterpriseName"
        rules={[
          requiredRule(t('userSetting.cert.enterpriseNameRequired')),
          { minLength: 2, maxLength: 60, message: t('rule.enterpriseName') },
        ]}
      >
        <Input maxLength={60} placeholder={t('userSetting.cert.enterpriseNamePlaceholder')} />
      </Form.Item>
      <Form.Item label={t('userSetting.cert.enterpriseCertType')} field="enterpriseCertType">
        <Select>
          {ENTERPRISE_CERT_TYPES.map((type) => (
            <Select.Option key={type} value={type}>
              {t(`userSetting.enterpriseCertType.${type}`)}
            </Select.Option>
          ))}
        </Select>
      </Form.Item>
      <Form.Item
        label={t('userSetting.cert.creditCode')}
        field="creditCode"
        rules={[requiredRule(t('userSetting.cert.creditCodeRequired')), schemaRule(creditCodeSchema, t)]}
      >
        <Input maxLength={18} placeholder={t('userSetting.cert.creditCodePlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('userSetting.cert.legalPersonName')}
        field="legalPersonName"
        rules={[requiredRule(t('userSetting.cert.legalPersonNameRequired')), schemaRule(personNameSchema, t)]}
      >
        <Input maxLength={30} placeholder={t('userSetting.cert.legalPersonNamePlaceholder')} />
      </Form.Item>
      <Grid.Row gutter={16}>
        <Grid.Col span={9}>
          <Form.Item label={t('userSetting.cert.legalPersonIdType')} field="legalPersonIdType">
            <Select
              onChange={() => {
                if (form.getFieldValue('legalPersonIdNumber'))
                  void form.validate(['legalPersonIdNumber']).catch(() => {});
              }}
            >
              {LEGAL_PERSON_ID_TYPES.map((type) => (
                <Select.Option key={type} value={type}>
                  {t(`userSetting.idType.${type}`)}
                </Select.Option>
              ))}
            </Select>
          </Form.Item>
        </Grid.Col>
        <Grid.Col span={15}>
          <Form.Item
            label={t('userSetting.cert.legalPersonIdNumber')}
            field="legalPersonIdNumber"
            extra={t('userSetting.cert.idNumberMasked')}
            rules={[
              requiredRule(t('userSetting.cert.legalPersonIdNumberRequired')),
              {
                validator: (value: string | undefined, callback) => {
                  if (!value) return callback();
                  const type = form.getFieldValue('legalPersonIdType') as LegalPersonIdType;
                  const problem = idNumberProblem(type, value.trim().toUpperCase());
                  callback(problem ? t(problem) : undefined);
                },
              },
            ]}
          >
            <Input maxLength={18} placeholder={t('userSetting.cert.legalPersonIdNumberPlaceholder')} />
          </Form.Item>
        </Grid.Col>
      </Grid.Row>
      <Form.Item
        label={t('userSetting.cert.contactPhone')}
        field="contactPhone"
        rules={[requiredRule(t('userSetting.cert.contactPhoneRequired')), schemaRule(phoneSchema, t)]}
      >
        <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('userSetting.cert.submit')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
