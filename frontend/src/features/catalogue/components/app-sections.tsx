// The marketing sections of an app page, in the order the page shows them. A section whose list is empty is
// left out rather than shown as a heading over nothing.
import { useId, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { ChevronDownIcon } from '../../../components/ui/chevron-down-icon';
import { cn } from '../../../lib/utils';
import { benefitImprovement, replacedTools, roiFigures, UNIVERSAL_INTEGRATION } from '../display-rules';
import type { App } from '../../../../../contracts/catalogue/app';
import { CheckIcon } from './icons';

export function AppSections({ app }: { app: App }) {
  return (
    <div data-testid="app-sections" className="flex flex-col">
      <WhatItDoes app={app} />
      <WhyItKillsYourSpreadsheet app={app} />
      <PerfectFor app={app} />
      <RoiImpact app={app} />
      <Integrations app={app} />
      <Faq app={app} />
    </div>
  );
}

function Section({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border-t py-8 first:border-t-0 first:pt-0">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-2xl font-semibold tracking-tight">
          {title}
        </h2>
        {intro && <p className="text-pretty text-muted-foreground">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-col gap-2.5">
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <CheckIcon className="mt-1 size-4 shrink-0 text-secondary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function WhatItDoes({ app }: { app: App }) {
  return (
    <Section title="What it does">
      {app.problem_solved && (
        <blockquote className="rounded-lg border-l-4 border-primary bg-primary/5 px-4 py-3 text-pretty">
          <span className="font-medium">The problem: </span>
          {app.problem_solved}
        </blockquote>
      )}
      <p className="leading-relaxed text-pretty whitespace-pre-line">{app.long_description ?? app.description}</p>
      {app.key_features.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold">Key features</h3>
          <CheckList items={app.key_features} />
        </div>
      )}
      {app.how_it_works.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold">How it works</h3>
          <ol className="flex flex-col gap-3">
            {app.how_it_works.map((step, index) => (
              <li key={index} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Section>
  );
}

function WhyItKillsYourSpreadsheet({ app }: { app: App }) {
  if (app.spreadsheet_benefits.length === 0) return null;
  return (
    <Section title="Why it kills your spreadsheet" intro={app.replaces_tools ? `Replaces: ${app.replaces_tools.trim()}.` : undefined}>
      <ul className="flex flex-col gap-3">
        {app.spreadsheet_benefits.map((benefit, index) => (
          <li key={index} className="flex items-center gap-3 rounded-lg border bg-card p-4">
            <span className="flex w-18 shrink-0 flex-col items-center rounded-md bg-accent px-1 py-1.5 text-accent-foreground">
              <span className="text-lg leading-tight font-bold">+{benefitImprovement(app.id, index, benefit)}%</span>
              <span className="text-[0.65rem] tracking-wide uppercase">better</span>
            </span>
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function PerfectFor({ app }: { app: App }) {
  if (app.target_personas.length === 0) return null;
  return (
    <Section title="Perfect For">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {app.target_personas.map((persona, index) => (
          <li key={index} className="flex gap-3 rounded-lg border bg-card p-4">
            <CheckIcon className="mt-1 size-4 shrink-0 text-primary" />
            <span>{persona}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function RoiImpact({ app }: { app: App }) {
  const { own, figures } = roiFigures(app);
  return (
    <Section
      title="ROI & Business Impact"
      intro={
        own
          ? `What small teams gain when ${app.name} replaces the spreadsheet.`
          : 'What small teams typically gain when the spreadsheet goes.'
      }
    >
      {/* Four rates in a row (two on phones), then the money figure across the full width as the headline. */}
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="roi-figures">
        {figures.map((figure, index) => {
          const headline = index === figures.length - 1;
          return (
            <li
              key={figure.caption}
              className={cn(
                'flex flex-col items-center justify-center rounded-lg border bg-card px-2 py-4 text-center',
                headline && 'col-span-full border-transparent bg-primary text-primary-foreground',
              )}
            >
              <span className={cn('text-2xl font-bold', headline ? 'text-3xl' : 'text-primary')}>{figure.value}</span>{' '}
              <span className={cn('text-sm', headline ? 'text-primary-foreground/85' : 'text-muted-foreground')}>{figure.caption}</span>
            </li>
          );
        })}
      </ul>
      {app.roi_benefits.length > 0 && <CheckList items={app.roi_benefits} />}
    </Section>
  );
}

function Integrations({ app }: { app: App }) {
  const tools = replacedTools(app.replaces_tools);
  return (
    <Section
      title="Seamless Integrations"
      intro={`Start from what you already have: ${app.name} takes your data over and keeps it moving.`}
    >
      {tools.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Takes over from</h3>
          <ul className="flex flex-wrap gap-2">
            {tools.map((tool) => (
              <li key={tool}>
                <Badge variant="outline" className="px-3 py-1 text-sm whitespace-normal">
                  {tool}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Works with</h3>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              {UNIVERSAL_INTEGRATION}
            </Badge>
          </li>
        </ul>
      </div>
    </Section>
  );
}

function Faq({ app }: { app: App }) {
  const group = useId();
  if (app.faq_items.length === 0) return null;
  // Native disclosures, one open at a time (the shared `name`): no script on the page's first load, and
  // they work before hydration.
  return (
    <Section title="FAQ">
      <div className="rounded-lg border bg-card px-4">
        {app.faq_items.map((item, index) => (
          <details key={index} name={group} className="group border-b last:border-b-0">
            <summary
              className={cn(
                'flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 text-left font-medium transition-colors',
                'hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden',
              )}
            >
              <h3 className="text-base font-medium">{item.question}</h3>
              <ChevronDownIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180" />
            </summary>
            <div className="pb-4 text-sm leading-relaxed text-muted-foreground">{item.answer}</div>
          </details>
        ))}
      </div>
    </Section>
  );
}
