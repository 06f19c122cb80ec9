import type { ReactNode } from 'react';
import { Button, ColorPicker, Divider, Drawer, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages } from '../../platform/i18n';
import { changeLanguageEverywhere } from '../../platform/theme/change-language';
import {
  resetThemeConfig,
  updateThemeConfig,
  useThemeConfig,
  type Animation,
  type ComponentSize,
  type LayoutMode,
  type ThemeConfig,
} from '../../platform/theme/theme-store';
import { setThemeDrawerOpen, useThemeDrawerOpen } from './theme-drawer-store';

type BooleanKey = { [K in keyof ThemeConfig]: ThemeConfig[K] extends boolean ? K : never }[keyof ThemeConfig];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="theme-row">
      <span className="theme-row-label">{label}</span>
      <span className="theme-row-control">{children}</span>
    </div>
  );
}

function Toggle({ name, label }: { name: BooleanKey; label: string }) {
  const theme = useThemeConfig();
  return (
    <Row label={label}>
      <Switch
        size="small"
        checked={theme[name]}
        aria-label={label}
        onChange={(checked) => updateThemeConfig({ [name]: checked })}
      />
    </Row>
  );
}

function LayoutPreview({ mode }: { mode: LayoutMode }) {
  return (
    <span className={`layout-preview layout-preview--${mode}`} aria-hidden>
      <i className="lp-aside" />
      <i className="lp-header" />
      <i className="lp-body" />
    </span>
  );
}

/** Every layout and theme setting of spec section 3, applied live and kept in local storage. */
export function ThemeDrawer() {
  const { t } = useTranslation();
  const open = useThemeDrawerOpen();
  const theme = useThemeConfig();
  const layouts: LayoutMode[] = ['defaults', 'classic', 'transverse'];
  const animations: Animation[] = ['slide-right', 'slide-left', 'opacity-scale', 'none'];
  const sizes: ComponentSize[] = ['small', 'default', 'large'];

  return (
    <Drawer
      title={t('theme.title')}
      open={open}
      onClose={() => setThemeDrawerOpen(false)}
      size={340}
      className="theme-drawer"
      footer={
        <Button block onClick={resetThemeConfig}>
          {t('theme.reset')}
        </Button>
      }
    >
      <Divider titlePlacement="center" plain>
        {t('theme.global')}
      </Divider>
      <Row label={t('theme.primary')}>
        <ColorPicker
          size="small"
          value={theme.primary}
          disabledAlpha
          onChangeComplete={(color) => updateThemeConfig({ primary: color.toHexString() })}
        />
      </Row>
      <Toggle name="isDark" label={t('theme.dark')} />

      <Divider titlePlacement="center" plain>
        {t('theme.layout')}
      </Divider>
      <Radio.Group
        className="layout-choices"
        value={theme.layout}
        onChange={(event) => updateThemeConfig({ layout: event.target.value as LayoutMode })}
      >
        {layouts.map((mode) => (
          <Radio.Button key={mode} value={mode} className="layout-choice" aria-label={t(`theme.layouts.${mode}`)}>
            <LayoutPreview mode={mode} />
            <span>{t(`theme.layouts.${mode}`)}</span>
          </Radio.Button>
        ))}
      </Radio.Group>

      <Divider titlePlacement="center" plain>
        {t('theme.colors')}
      </Divider>
      <Row label={t('theme.topBar')}>
        <ColorPicker
          size="small"
          value={theme.topBar}
          disabledAlpha
          disabled={theme.isDark}
          onChangeComplete={(color) => updateThemeConfig({ topBar: color.toHexString() })}
        />
      </Row>
      <Row label={t('theme.menuBar')}>
        <ColorPicker
          size="small"
          value={theme.menuBar}
          disabledAlpha
          disabled={theme.isDark}
          onChangeComplete={(color) => updateThemeConfig({ menuBar: color.toHexString() })}
        />
      </Row>

      <Divider titlePlacement="center" plain>
        {t('theme.interface')}
      </Divider>
      <Toggle name="isCollapse" label={t('theme.collapse')} />
      <Toggle name="isUniqueOpened" label={t('theme.uniqueOpened')} />
      <Toggle name="isFixedHeader" label={t('theme.fixedHeader')} />
      <Toggle name="isTagsView" label={t('theme.tagsView')} />
      <Toggle name="isBreadcrumb" label={t('theme.breadcrumb')} />
      <Toggle name="isFooter" label={t('theme.footer')} />
      <Toggle name="isLockScreen" label={t('theme.lockScreen')} />
      <Row label={t('theme.lockScreenTime')}>
        <InputNumber
          size="small"
          min={1}
          max={1440}
          value={theme.lockScreenTime}
          disabled={!theme.isLockScreen}
          aria-label={t('theme.lockScreenTime')}
          onChange={(value) => {
            if (typeof value === 'number') updateThemeConfig({ lockScreenTime: value });
          }}
          style={{ width: 90 }}
        />
      </Row>

      <Divider titlePlacement="center" plain>
        {t('theme.other')}
      </Divider>
      <Toggle name="isGrayscale" label={t('theme.grayscale')} />
      <Toggle name="isInvert" label={t('theme.invert')} />
      <Toggle name="isWatermark" label={t('theme.watermark')} />
      <Row label={t('theme.watermarkText')}>
        <Input
          size="small"
          maxLength={20}
          value={theme.watermarkText}
          disabled={!theme.isWatermark}
          aria-label={t('theme.watermarkText')}
          onChange={(event) => updateThemeConfig({ watermarkText: event.target.value })}
          style={{ width: 120 }}
        />
      </Row>
      <Row label={t('theme.animation')}>
        <Select
          size="small"
          value={theme.animation}
          style={{ width: 150 }}
          aria-label={t('theme.animation')}
          options={animations.map((value) => ({ value, label: t(`theme.animations.${value}`) }))}
          onChange={(value) => updateThemeConfig({ animation: value })}
        />
      </Row>
      <Row label={t('theme.language')}>
        <Select
          size="small"
          value={theme.globalI18n}
          style={{ width: 150 }}
          aria-label={t('theme.language')}
          options={languages.map((value) => ({ value, label: languageNames[value] }))}
          onChange={(value) => {
            if (isLanguage(value)) void changeLanguageEverywhere(value);
          }}
        />
      </Row>
      <Row label={t('theme.componentSize')}>
        <Select
          size="small"
          value={theme.globalComponentSize}
          style={{ width: 150 }}
          aria-label={t('theme.componentSize')}
          options={sizes.map((value) => ({ value, label: t(`theme.sizes.${value}`) }))}
          onChange={(value) => updateThemeConfig({ globalComponentSize: value })}
        />
      </Row>
    </Drawer>
  );
}
