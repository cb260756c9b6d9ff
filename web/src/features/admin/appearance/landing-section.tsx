import type { LandingContent } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import {
  DraftTextArea,
  DraftTextField,
  SectionBody,
  SectionHeader,
  SectionLink,
  useDraftField,
} from './fields.tsx';

const LANDING = ['settings', 'landing'];

/** `landing-page`: its parts, each on its own screen. */
export function LandingSection() {
  const trans = useTrans();
  return (
    <SectionBody>
      <SectionHeader title={trans('Landing page')} back=".." />
      <SectionLink to="general" label={trans('Headline and background')} />
      <SectionLink to="action-buttons" label={trans('Action buttons')} />
      <SectionLink to="primary-features" label={trans('Primary features')} />
      <SectionLink to="secondary-features" label={trans('Secondary features')} />
    </SectionBody>
  );
}

export function LandingGeneralSection() {
  const trans = useTrans();
  return (
    <SectionBody>
      <SectionHeader title={trans('Headline and background')} back=".." />
      <DraftTextField path={[...LANDING, 'headline']} label={trans('Headline')} />
      <DraftTextArea path={[...LANDING, 'subtitle']} label={trans('Subtitle')} rows={3} />
      <DraftTextField
        path={[...LANDING, 'background_image']}
        label={trans('Background image')}
        description={trans('An image address; empty shows a glow in the theme’s colour.')}
        type="url"
        nullable
      />
    </SectionBody>
  );
}

type LandingButton = LandingContent['action_buttons'][number];

export function LandingButtonsSection() {
  const trans = useTrans();
  const path = [...LANDING, 'action_buttons'];
  const [buttons, setButtons] = useDraftField<LandingButton[]>(path);
  return (
    <SectionBody>
      <SectionHeader title={trans('Action buttons')} back=".." />
      {buttons.map((button, index) => (
        <fieldset key={index} className="flex flex-col gap-3 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-semibold">
            {trans('Button :number', { number: index + 1 })}
          </legend>
          <DraftTextField path={[...path, index, 'label']} label={trans('Label')} />
          <DraftTextField
            path={[...path, index, 'action']}
            label={trans('Link')}
            description={trans('A path on this site (/register) or https://…')}
          />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {trans('Style')}
            <select
              value={button.style}
              onChange={(event) =>
                setButtons(
                  buttons.map((b, i) =>
                    i === index ? { ...b, style: event.target.value as LandingButton['style'] } : b,
                  ),
                )
              }
              className="h-9 rounded-lg border border-border bg-bg-elevated px-2 text-sm"
            >
              <option value="primary">{trans('Filled')}</option>
              <option value="outline">{trans('Outlined')}</option>
            </select>
          </label>
          <Button
            variant="text"
            size="xs"
            className="w-fit text-danger"
            onClick={() => setButtons(buttons.filter((_, i) => i !== index))}
          >
            {trans('Remove')}
          </Button>
        </fieldset>
      ))}
      {buttons.length < 3 && (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() =>
            setButtons([...buttons, { label: trans('Learn more'), action: '/', style: 'outline' }])
          }
        >
          {trans('Add a button')}
        </Button>
      )}
    </SectionBody>
  );
}

type Feature = LandingContent['primary_features'][number];

function FeaturesEditor({
  kind,
  title,
  max,
}: {
  kind: 'primary_features' | 'secondary_features';
  title: string;
  max: number;
}) {
  const trans = useTrans();
  const path = [...LANDING, kind];
  const [features, setFeatures] = useDraftField<Feature[]>(path);
  return (
    <SectionBody>
      <SectionHeader title={title} back=".." />
      {features.length === 0 && (
        <p className="text-sm text-fg-muted">{trans('No features yet.')}</p>
      )}
      {features.map((_, index) => (
        <fieldset key={index} className="flex flex-col gap-3 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-semibold">
            {trans('Feature :number', { number: index + 1 })}
          </legend>
          <DraftTextField path={[...path, index, 'title']} label={trans('Title')} />
          <DraftTextArea path={[...path, index, 'text']} label={trans('Text')} rows={3} />
          {kind === 'primary_features' ? (
            <DraftTextField path={[...path, index, 'icon']} label={trans('Icon')} nullable />
          ) : (
            <DraftTextField
              path={[...path, index, 'image']}
              label={trans('Image')}
              type="url"
              nullable
            />
          )}
          <Button
            variant="text"
            size="xs"
            className="w-fit text-danger"
            onClick={() => setFeatures(features.filter((__, i) => i !== index))}
          >
            {trans('Remove')}
          </Button>
        </fieldset>
      ))}
      {features.length < max && (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() =>
            setFeatures([
              ...features,
              { icon: 'music', title: trans('New feature'), text: '', image: null },
            ])
          }
        >
          {trans('Add a feature')}
        </Button>
      )}
    </SectionBody>
  );
}

export function LandingPrimaryFeaturesSection() {
  const trans = useTrans();
  return <FeaturesEditor kind="primary_features" title={trans('Primary features')} max={8} />;
}

export function LandingSecondaryFeaturesSection() {
  const trans = useTrans();
  return <FeaturesEditor kind="secondary_features" title={trans('Secondary features')} max={6} />;
}
