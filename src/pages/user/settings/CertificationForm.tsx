import { Alert, Button, Form, Grid, Input, Radio, Select, Space, Upload } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creditCodeSchema, personNameSchema } from '../../../../contract/account-rules';
import {
  type CertificationFile,
  type CertificationRecord,
  type CertType,
  contactPhoneSchema,
  ENTERPRISE_CERT_TYPES,
  idNumberProblem,
  LEGAL_PERSON_ID_TYPES,
  type LegalPersonIdType,
  LICENCE_FILE_ACCEPT,
  licenceNoSchema,
  type SubmitCertificationRequest,
} from '../../../../contract/certifications';
import { apiPost } from '../../../api/request';
import { requiredRule, schemaRule, showFieldErrors } from '../form-rules';

interface CertificationFormProps {
  contactPhone: string;
  /** A lawyer may apply for personal certification (with the licence number). */
  personalAllowed: boolean;
  onSubmitted: (record: CertificationRecord) => void;
  onCancel: () => void;
}

/** The enterprise certification application, checked with the same rules as the server. */
export function CertificationForm({
  contactPhone,
  personalAllowed,
  onSubmitted,
  onCancel,
}: CertificationFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SubmitCertificationRequest & { creditCode?: string }>();
  const [saving, setSaving] = useState(false);
  const [certType, setCertType] = useState<CertType>(personalAllowed ? 'personal' : 'enterprise');
  const [licence, setLicence] = useState<CertificationFile | null>(null);
  const personal = certType === 'personal';

  const submit = async (values: SubmitCertificationRequest & { creditCode?: string }) => {
    setSaving(true);
    try {
      const record = await apiPost<CertificationRecord>('/user/certifications', {
        ...values,
        certType,
        ...(values.creditCode ? { creditCode: values.creditCode.trim().toUpperCase() } : {}),
        legalPersonIdNumber: values.legalPersonIdNumber.trim().toUpperCase(),
        ...(licence ? { licenceFileId: licence.id } : {}),
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
      {personalAllowed && (
        <Form.Item label={t('userSetting.cert.type')}>
          <Radio.Group type="button" value={certType} onChange={(v: CertType) => setCertType(v)}>
            <Radio value="personal">{t('userSetting.cert.personal')}</Radio>
            <Radio value="enterprise">{t('userSetting.cert.enterprise')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      <Alert
        type="info"
        content={t(personal ? 'userSetting.cert.personalIntro' : 'userSetting.cert.formIntro')}
        style={{ marginBottom: 16 }}
      />
      {!personal && (
        <>
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
        </>
      )}
      {personal && (
        <Form.Item
          label={t('userSetting.cert.licenceNo')}
          field="licenceNo"
          rules={[requiredRule(t('userSetting.cert.licenceNoRequired')), schemaRule(licenceNoSchema, t)]}
        >
          <Input
            maxLength={17}
            inputMode="numeric"
            placeholder={t('userSetting.cert.licenceNoPlaceholder')}
          />
        </Form.Item>
      )}
      <Form.Item
        label={t(personal ? 'userSetting.cert.realName' : 'userSetting.cert.legalPersonName')}
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
        extra={t('userSetting.cert.contactPhoneExtra')}
        rules={[requiredRule(t('userSetting.cert.contactPhoneRequired')), schemaRule(contactPhoneSchema, t)]}
      >
        <Input maxLength={20} autoComplete="tel" />
      </Form.Item>
      <Form.Item
        label={t(personal ? 'userSetting.cert.licenceFile' : 'userSetting.cert.businessLicenceFile')}
        required={personal}
        extra={t('userSetting.cert.licenceFileExtra')}
      >
        <Upload
          accept={LICENCE_FILE_ACCEPT}
          limit={1}
          onRemove={() => setLicence(null)}
          customRequest={({ file, onSuccess, onError }) => {
            const body = new FormData();
            body.append('file', file);
            apiPost<CertificationFile>('/user/certification-files', body).then(
              (answer) => {
                setLicence(answer);
                onSuccess(answer);
              },
              (error: unknown) => onError({ message: String(error) }),
            );
          }}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} disabled={personal && !licence}>
            {t('userSetting.cert.submit')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
