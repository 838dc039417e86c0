import { Button, Cascader, Form, Input, Message, Select, Space } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema, INTRODUCTION_MAX } from '../../../../contract/account-rules';
import type { UserInfo } from '../../../../contract/auth';
import type { RegionOption } from '../../../../contract/regions';
import { type SaveInfoRequest, saveInfoRequestSchema } from '../../../../contract/users';
import { apiPost } from '../../../api/request';
import { refreshUserInfo } from '../../../session/session';
import { requiredRule, schemaRule, showFieldErrors } from '../form-rules';

/** Countries and regions the profile offers; the area cascader covers mainland divisions. */
export const COUNTRY_REGIONS = ['china'] as const;

interface BasicInfoFields {
  email: string;
  nickname: string;
  countryRegion: string;
  area: string[];
  address: string;
  introduction: string;
  website: string;
}

/** The region tree is about 40 kB gzip: loaded on first use, then kept. */
let regionTreeLoad: Promise<RegionOption[]> | null = null;
export function loadRegionTree(): Promise<RegionOption[]> {
  regionTreeLoad ??= import('../../../../contract/regions').then((m) => m.regionTree(3));
  return regionTreeLoad;
}

/** The cascader path (province, city, county) that ends at a region code. */
export function regionPath(tree: RegionOption[], code: string | null): string[] {
  if (!code) return [];
  const walk = (nodes: RegionOption[], trail: string[]): string[] | null => {
    for (const node of nodes) {
      const path = [...trail, node.value];
      if (node.value === code) return path;
      if (node.children) {
        const found = walk(node.children, path);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(tree, []) ?? [];
}

export function BasicInfoForm({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BasicInfoFields>();
  const [regions, setRegions] = useState<RegionOption[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    void loadRegionTree().then((tree) => {
      if (alive) setRegions(tree);
    });
    return () => {
      alive = false;
    };
  }, []);

  // Fill the form from the saved profile once the region tree can show the saved area;
  // "reset" goes back to these values. Only a change of a saved value refills it.
  const { email, nickname, countryRegion, area, address, introduction, website } = info;
  const fill = useCallback(() => {
    if (!regions) return;
    form.clearFields();
    form.setFieldsValue({
      email: email ?? '',
      nickname: nickname ?? '',
      countryRegion: countryRegion ?? COUNTRY_REGIONS[0],
      area: regionPath(regions, area),
      address: address ?? '',
      introduction: introduction ?? '',
      website: website ?? '',
    });
  }, [regions, form, email, nickname, countryRegion, area, address, introduction, website]);
  useEffect(fill, [fill]);

  const submit = async (values: BasicInfoFields) => {
    const body: SaveInfoRequest = {
      email: values.email.trim(),
      nickname: values.nickname.trim(),
      countryRegion: values.countryRegion,
      area: values.area[values.area.length - 1],
      address: values.address?.trim() ?? '',
      introduction: values.introduction ?? '',
      website: values.website?.trim() ?? '',
    };
    setSaving(true);
    try {
      await apiPost('/user/save-info', body);
      Message.success(t('userSetting.basic.saved'));
      await refreshUserInfo().catch(() => undefined);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 19 }}
      style={{ maxWidth: 640 }}
      autoComplete="off"
    >
      <Form.Item
        label={t('userSetting.basic.email')}
        field="email"
        rules={[requiredRule(t('userSetting.basic.emailRequired')), schemaRule(emailSchema, t)]}
      >
        <Input type="email" autoComplete="email" placeholder={t('userSetting.basic.emailPlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('userSetting.basic.nickname')}
        field="nickname"
        rules={[
          requiredRule(t('rule.nicknameRequired')),
          { maxLength: 30, message: t('userSetting.basic.nicknameMax') },
        ]}
      >
        <Input autoComplete="nickname" placeholder={t('userSetting.basic.nicknamePlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('userSetting.basic.countryRegion')}
        field="countryRegion"
        rules={[requiredRule(t('rule.countryRegionRequired'))]}
      >
        <Select placeholder={t('userSetting.basic.countryRegionPlaceholder')}>
          {COUNTRY_REGIONS.map((c) => (
            <Select.Option key={c} value={c}>
              {t(`userSetting.country.${c}`)}
            </Select.Option>
          ))}
        </Select>
      </Form.Item>
      <Form.Item
        label={t('userSetting.basic.area')}
        field="area"
        rules={[requiredRule(t('rule.regionCode'))]}
      >
        {/* A city is a valid area too (seeded profiles and some cities have no districts). */}
        <Cascader
          changeOnSelect
          options={regions ?? []}
          loading={!regions}
          showSearch
          allowClear
          placeholder={t('userSetting.basic.areaPlaceholder')}
          notFoundContent={t('common.empty')}
        />
      </Form.Item>
      <Form.Item
        label={t('userSetting.basic.address')}
        field="address"
        rules={[{ maxLength: 200, message: t('userSetting.basic.addressMax') }]}
      >
        <Input autoComplete="street-address" placeholder={t('userSetting.basic.addressPlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('userSetting.basic.introduction')}
        field="introduction"
        rules={[{ maxLength: INTRODUCTION_MAX, message: t('rule.introductionMax') }]}
      >
        <Input.TextArea
          maxLength={{ length: INTRODUCTION_MAX, errorOnly: true }}
          showWordLimit
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('userSetting.basic.introductionPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        label={t('userSetting.basic.website')}
        field="website"
        rules={[schemaRule(saveInfoRequestSchema.shape.website, t)]}
      >
        <Input type="url" autoComplete="url" placeholder="https://" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 5 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
          <Button onClick={fill}>{t('common.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
