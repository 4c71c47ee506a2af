/**
 * The demo catalogue: sixteen believable small-business tools, two in each standard category, with every marketing
 * field filled so that the home page, category pages and app detail pages have something real to show; each app's ROI
 * figures follow its own ROI benefits (hours saved, errors avoided). Seeded on
 * start when the DEMO_CATALOGUE flag is on; the fixed ids keep that seeding idempotent.
 */
import type { AppFieldsInput } from '../app/app.fields.js';

/** A demo app: fixed id so that seeding on every start never adds it twice. */
export interface DemoApp {
  id: string;
  fields: AppFieldsInput;
}

export const DEMO_CATALOGUE: readonly DemoApp[] = [
  // ---------------------------------------------------------------- Productivity
  {
    id: '0750dc53-f249-4ee7-b0ac-1fbab577bc3f',
    fields: {
      name: 'Shift Planner',
      description:
        "Builds next week's staff schedule from availability, skills and labor budget, then texts everyone their shifts. No more color-coded schedule spreadsheet.",
      long_description:
        "Shift Planner collects each employee's availability and time-off requests through a simple mobile link, then drafts a full week of shifts that respects opening hours, required skills and your labor budget. " +
        'You review the draft on one screen, drag a shift to change it and publish when you are happy. ' +
        'Everyone gets their shifts by text message, and swap requests go to the manager for one-tap approval instead of a group chat. ' +
        'Hours worked flow into a payroll-ready export at the end of the pay period.',
      problem_solved:
        'Managers spend hours every week juggling a shared schedule spreadsheet, chasing availability by text and fixing double-booked shifts.',
      category: 'Productivity',
      featured: true,
      replaces_tools: 'Excel shift schedule, group chat availability polls, paper sign-up sheets',
      development_status: 'launched',
      app_url: 'https://shift-planner.unsheet.app',
      status_text: 'Live now',
      status_link_enabled: true,
      key_features: [
        'Auto-drafted weekly schedule that respects availability, skills and opening hours',
        'Labor cost shown live against your weekly budget while you edit',
        'Shift notifications and reminders by text message, no app install needed',
        'Swap and cover requests with one-tap manager approval',
        'Overtime and minimum-rest warnings before you publish',
        'Payroll-ready hours export in CSV',
      ],
      how_it_works: [
        'Add your team, their roles and your opening hours, or import your existing schedule spreadsheet',
        'Staff submit availability and time off from a link on their phone',
        'Shift Planner drafts the week; you adjust and publish in a few clicks',
        'Everyone is notified, and swaps and hours are tracked automatically',
      ],
      spreadsheet_benefits: [
        'One source of truth instead of five versions of the schedule file in different inboxes',
        'Availability is collected automatically, not copied by hand from text messages',
        'Conflicts, overtime and understaffed shifts are flagged before anyone sees the schedule',
        "Staff always see the current schedule on their phone, not last week's printout",
      ],
      target_personas: [
        'Restaurant and cafe owners scheduling 10 to 40 hourly staff',
        'Retail store managers covering seven-day opening hours',
        'Clinic and salon managers balancing part-time and full-time staff',
        'Operations leads at small warehouses running multiple shifts',
      ],
      roi_benefits: [
        'Cuts weekly scheduling time from about 4 hours to 30 minutes',
        'Reduces no-shows by around 25% with automatic shift reminders',
        'Keeps labor cost within 2% of budget by showing the cost while you plan',
        'Saves roughly 3 hours per pay period on timesheet and payroll prep',
      ],
      roi_figures: { faster_pct: 87, fewer_errors_pct: 60, cost_savings_pct: 12, roi_pct: 210, projected_usd: 9_800 },
      faq_items: [
        {
          question: 'Do my employees need to install an app?',
          answer:
            'No. Staff receive their shifts by text message and open a mobile web page to set availability or request a swap. Nothing to download.',
        },
        {
          question: 'Can I import my current schedule spreadsheet?',
          answer:
            'Yes. Upload your Excel or Google Sheets schedule and Shift Planner maps names, roles and shifts so you can start from what you already have.',
        },
        {
          question: 'Does it work with my payroll provider?',
          answer:
            'Shift Planner exports hours worked as a CSV in the layout most payroll services accept. Direct integrations are on the roadmap.',
        },
      ],
      meta_title: 'Shift Planner: Replace Your Schedule Spreadsheet',
      meta_description:
        'Auto-draft weekly staff schedules from availability and labor budget, text shifts to your team and handle swaps without a spreadsheet.',
      keywords: [
        'shift scheduling',
        'staff schedule',
        'employee scheduling app',
        'schedule spreadsheet alternative',
        'small business scheduling',
      ],
      views: 4180,
    },
  },
  {
    id: '538872bc-c169-45d0-87f8-e5de80331b8f',
    fields: {
      name: 'SOP Builder',
      description:
        'Turns the way you already do things into step-by-step checklists your team can follow on a phone, from a voice note or a few bullet points.',
      long_description:
        'SOP Builder listens to a short voice memo or reads a rough list of steps and turns it into a clean standard operating procedure with numbered steps, photos and sign-offs. ' +
        'Each procedure becomes a checklist staff can run on their phone, so opening, closing and cleaning routines are done the same way every time. ' +
        'Completed checklists are time-stamped, which gives owners a simple audit trail without another tracking sheet. ' +
        'When a process changes, you edit it once and every location sees the new version.',
      problem_solved:
        "Know-how lives in the owner's head or in outdated Word documents, so new staff learn by trial and error and routines get skipped.",
      category: 'Productivity',
      featured: false,
      replaces_tools: 'Word procedure documents, printed checklists, Excel task sign-off sheets',
      development_status: 'concept',
      app_url: null,
      status_text: 'In design',
      status_link_enabled: false,
      key_features: [
        'Voice memo or bullet list to a formatted procedure in under a minute',
        'Mobile checklists with photo proof and initials for each step',
        'Version history so everyone always follows the current procedure',
        'Completion log by person, shift and location',
        'Overdue checklist alerts for managers',
      ],
      how_it_works: [
        'Record a voice note or paste the steps of a routine as you do it today',
        'SOP Builder writes a clear procedure; you review and add photos',
        'Assign the checklist to a role, shift or location',
        'Staff tick off steps on their phone and managers see what is done',
      ],
      spreadsheet_benefits: [
        'No more printing sign-off sheets and filing them in a binder',
        'Procedures and proof of completion live in the same place',
        'Edits reach every location at once instead of through emailed attachments',
      ],
      target_personas: [
        'Owners of cafes, bakeries and food trucks with opening and closing routines',
        'Multi-site cleaning and facilities companies',
        'Small manufacturers onboarding new line workers',
        'Franchisees who need consistent processes across stores',
      ],
      roi_benefits: [
        'Cuts new-hire onboarding time by about 40%',
        'Saves owners 2 to 3 hours a week answering the same how-do-I questions',
        'Reduces missed closing or hygiene steps by more than half',
      ],
      roi_figures: { faster_pct: 40, fewer_errors_pct: 55, cost_savings_pct: 15, roi_pct: 120, projected_usd: 6_500 },
      faq_items: [
        {
          question: 'When will SOP Builder be available?',
          answer:
            'It is in design now. Join the Early Explorers list to help shape it and get early access when the first prototype is ready.',
        },
        {
          question: 'Can I bring in procedures I already have in Word or Google Docs?',
          answer:
            'That is the plan. You will be able to paste or upload existing documents and have them split into checklist steps automatically.',
        },
        {
          question: 'Will it work without an internet connection?',
          answer:
            'Checklists are planned to work offline on the phone and sync when the connection returns, so a basement stockroom is not a problem.',
        },
      ],
      meta_title: 'SOP Builder: Checklists Instead of Binders and Sheets',
      meta_description:
        'Turn voice notes and rough steps into mobile checklists with photo proof and sign-offs. Replace printed SOPs and Excel sign-off sheets.',
      keywords: ['standard operating procedures', 'sop template', 'staff checklist app', 'employee onboarding', 'process documentation'],
      views: 180,
    },
  },

  // ---------------------------------------------------------------- Marketing
  {
    id: '10e2b8de-ba10-4224-8847-ded11c00c73a',
    fields: {
      name: 'Campaign Calendar',
      description:
        'Plans a month of social posts and emails around your promotions, drafts the copy in your voice and schedules it, so your content plan is no longer a spreadsheet.',
      long_description:
        'Campaign Calendar starts from the things you actually sell and the dates that matter to you, such as seasonal offers, events and holidays. ' +
        'It proposes a month of posts and newsletters, drafts captions and subject lines in your brand voice and suggests images from your own library. ' +
        'You approve, tweak or regenerate each item on a drag-and-drop calendar, and approved posts are queued to your social accounts and email tool. ' +
        "A weekly summary shows which posts drove clicks and bookings so next month's plan gets smarter.",
      problem_solved:
        'Small teams plan content in a spreadsheet, write every caption from scratch and then forget to post when the week gets busy.',
      category: 'Marketing',
      featured: false,
      replaces_tools: 'Google Sheets content calendar, copy-and-paste caption docs, manual posting',
      development_status: 'beta',
      app_url: 'https://campaign-calendar.unsheet.app',
      status_text: 'Beta open',
      status_link_enabled: true,
      key_features: [
        'Monthly content plan generated from your offers, events and key dates',
        'Captions, hashtags and email subject lines drafted in your brand voice',
        'Drag-and-drop calendar across social channels and newsletters',
        'Scheduled publishing to connected social accounts',
        'Weekly performance digest with clicks and bookings per post',
      ],
      how_it_works: [
        'Tell Campaign Calendar what you sell, your tone and the dates that matter this month',
        'Review the proposed calendar and edit or regenerate any post',
        'Approve the month and posts are queued to your channels',
        'Check the weekly digest to see what worked and plan the next month',
      ],
      spreadsheet_benefits: [
        'The plan, the copy and the publishing happen in one place instead of a sheet plus five tabs',
        'Posts actually go out on time instead of sitting in a cell marked TODO',
        'Results are linked to each post, so you stop guessing what to repeat',
        'No more re-typing dates and captions between the plan and each platform',
      ],
      target_personas: [
        'Owners of boutiques, gyms and salons doing their own marketing',
        'Solo marketers at small B2B service firms',
        'Restaurants promoting weekly specials and events',
      ],
      roi_benefits: [
        'Cuts monthly content planning from about 8 hours to 90 minutes',
        'Increases posting consistency from a few posts a month to 3 or more a week',
        'Beta users report 20% to 35% more link clicks from a steady posting rhythm',
      ],
      roi_figures: { faster_pct: 81, fewer_errors_pct: 25, cost_savings_pct: 20, roi_pct: 150, projected_usd: 7_200 },
      faq_items: [
        {
          question: 'Which channels can it publish to?',
          answer:
            'The beta supports scheduling to the major social networks and exporting newsletters to common email marketing tools. More channels are being added.',
        },
        {
          question: 'Will the posts sound like a robot wrote them?',
          answer:
            'You give it a few examples of your past posts and pick a tone. Every draft is editable, and it learns from the changes you make.',
        },
        {
          question: 'Is the beta free?',
          answer:
            'Yes, the beta is free while we gather feedback. Early Explorers keep lifetime access to one app at no cost after launch.',
        },
      ],
      meta_title: 'Campaign Calendar: AI Content Planner for Small Teams',
      meta_description:
        'Plan a month of social posts and emails around your promotions, draft copy in your voice and schedule it. Replace your content calendar spreadsheet.',
      keywords: ['content calendar', 'social media planner', 'marketing calendar template', 'post scheduler', 'small business marketing'],
      views: 2210,
    },
  },
  {
    id: '7ceb06a7-452d-4847-ad1d-b7e6561e33fc',
    fields: {
      name: 'Review Replier',
      description:
        'Collects new customer reviews from every site you are listed on, drafts a personal reply to each one and flags the unhappy customers who need a call.',
      long_description:
        'Review Replier checks your listings on the major review and map sites several times a day and brings every new review into one inbox. ' +
        'For each review it drafts a reply that mentions what the customer actually said, in the tone you choose, ready to approve with one click. ' +
        'Negative reviews are flagged with the likely cause, such as wait times or billing, so you can reach out before the customer tells their friends. ' +
        'A monthly summary shows your rating trend and the topics customers mention most.',
      problem_solved:
        'Owners log into several review sites, copy reviews into a tracking sheet and often never reply, which costs them rankings and repeat customers.',
      category: 'Marketing',
      featured: false,
      replaces_tools: 'Review tracking spreadsheet, manual logins to review sites, reply templates in Notes',
      development_status: 'prototype',
      app_url: 'https://review-replier.unsheet.app',
      status_text: 'Try the prototype',
      status_link_enabled: true,
      key_features: [
        'One inbox for reviews from all your listings',
        'Personal reply drafts that reference the details of each review',
        'Alerts for 1 and 2-star reviews with the likely complaint topic',
        'Tone settings from formal to friendly',
        'Monthly rating trend and top topics report',
      ],
      how_it_works: [
        'Connect your business listings with the links you already have',
        'New reviews arrive in the inbox with a drafted reply',
        'Approve, edit or skip each reply; it is posted for you where supported',
        'Read the monthly summary to see what customers praise and complain about',
      ],
      spreadsheet_benefits: [
        'No copying reviews into a sheet to keep track of which ones got an answer',
        'Unanswered and negative reviews surface automatically instead of hiding in row 300',
        'Topic trends are counted for you rather than tallied by hand',
      ],
      target_personas: [
        'Restaurant, hotel and bed-and-breakfast owners',
        'Dental, physio and veterinary practices',
        'Home service businesses such as plumbers, cleaners and electricians',
        'Multi-location retailers watching ratings per store',
      ],
      roi_benefits: [
        'Replies to 100% of reviews in about 10 minutes a week instead of 2 hours',
        'Cuts average time to answer a negative review from 6 days to under 24 hours',
        'Prototype users saw average ratings rise by 0.2 to 0.4 stars within 3 months',
      ],
      roi_figures: { faster_pct: 92, fewer_errors_pct: 35, cost_savings_pct: 30, roi_pct: 190, projected_usd: 8_400 },
      faq_items: [
        {
          question: 'Does it post replies without my approval?',
          answer: 'No. Every reply waits for your approval unless you turn on auto-publish for 4 and 5-star reviews only.',
        },
        {
          question: 'Which review sites are supported in the prototype?',
          answer:
            'The prototype reads the most common map and review listings. Tell us which niche sites matter in your industry and we will prioritize them.',
        },
        {
          question: 'Can several team members use it?',
          answer: 'Yes. You can invite staff to draft replies while an owner or manager approves them.',
        },
      ],
      meta_title: 'Review Replier: Answer Every Customer Review Fast',
      meta_description:
        'Bring reviews from every listing into one inbox, approve personal AI-drafted replies and catch unhappy customers early. No review spreadsheet.',
      keywords: ['review management', 'respond to reviews', 'online reputation', 'customer reviews', 'review reply generator'],
      views: 1480,
    },
  },

  // ---------------------------------------------------------------- Sales
  {
    id: '1c538c0a-9fb9-4e90-b8cb-338eebdd68f4',
    fields: {
      name: 'Lead Scorer',
      description:
        'Ranks every new inquiry by how likely it is to buy, using your past wins and losses, so your team calls the hottest leads first instead of sorting a sheet.',
      long_description:
        'Lead Scorer learns from the deals you have already won and lost, whether they live in a spreadsheet, a CRM export or your inbox. ' +
        'Each new lead from your web forms, email or phone log gets a score from 0 to 100 with a plain-English reason, such as budget mentioned or matching industry. ' +
        'Your team starts each morning with a prioritized call list and suggested next steps, and stale leads are flagged before they go cold. ' +
        'As you mark deals won or lost, the scoring adjusts to your market.',
      problem_solved:
        'Sales reps work leads in the order they arrived in a shared spreadsheet, so the best prospects wait days while time goes to tire-kickers.',
      category: 'Sales',
      featured: true,
      replaces_tools: 'Excel lead tracking sheet, manual lead scoring formulas, sticky-note call lists',
      development_status: 'launched',
      app_url: 'https://lead-scorer.unsheet.app',
      status_text: 'Live now',
      status_link_enabled: true,
      key_features: [
        'Scores from 0 to 100 trained on your own won and lost deals',
        'A plain-English reason behind every score',
        'Daily prioritized call list for each rep',
        'Automatic capture from web forms and a shared inbox',
        'Stale-lead alerts after a follow-up window you choose',
        'Two-way sync with common CRMs and CSV export',
      ],
      how_it_works: [
        'Upload your lead sheet or CRM export with past outcomes',
        'Connect your web forms and sales inbox so new leads arrive automatically',
        'Each lead is scored and explained, and the daily call list is built',
        'Mark outcomes as you go and the model keeps learning',
      ],
      spreadsheet_benefits: [
        'No more fragile weighted-score formulas that break when someone adds a column',
        'New leads land scored and assigned instead of waiting for someone to paste them in',
        'Everyone works from the same live list instead of filtered copies',
        'Follow-ups are tracked automatically rather than color-coded by hand',
      ],
      target_personas: [
        'B2B service firms with 2 to 10 salespeople',
        'Home improvement and solar installers handling many quote requests',
        'Agencies qualifying inbound inquiries',
        'Founders still doing sales themselves',
      ],
      roi_benefits: [
        'Cuts response time to high-intent leads from 2 days to under 2 hours',
        'Raises lead-to-customer conversion by 15% to 30% for typical teams',
        'Saves each rep about 5 hours a week of sorting and research',
        'Pays for itself with one extra closed deal per quarter for most users',
      ],
      roi_figures: { faster_pct: 60, fewer_errors_pct: 30, cost_savings_pct: 20, roi_pct: 320, projected_usd: 24_000 },
      faq_items: [
        {
          question: 'How much history do I need for good scores?',
          answer:
            'About 100 past leads with a won or lost outcome gives useful scores. With less, Lead Scorer starts from industry defaults and adapts as you record results.',
        },
        {
          question: 'Does it replace my CRM?',
          answer:
            'No. It works alongside your CRM or your spreadsheet and syncs scores back, so you keep the tool your team already knows.',
        },
        {
          question: 'Can I see why a lead got its score?',
          answer: 'Yes. Every score comes with the top factors behind it, so reps trust the ranking and managers can check it.',
        },
      ],
      meta_title: 'Lead Scorer: AI Lead Scoring Without a Spreadsheet',
      meta_description:
        'Score every inquiry from 0 to 100 using your own won and lost deals, get a daily call list and stop sorting leads in Excel.',
      keywords: ['lead scoring', 'sales pipeline', 'lead tracking spreadsheet', 'lead prioritization', 'b2b sales tools'],
      views: 3390,
    },
  },
  {
    id: 'ad5c38e3-70c4-426c-ab3a-52d769759c18',
    fields: {
      name: 'Quote Builder',
      description:
        "Turns a customer's request into a priced, branded quote in minutes, using your own price list and past jobs, then tracks it until it is accepted.",
      long_description:
        'Quote Builder reads an inquiry email, a site visit voice note or a few bullet points and assembles line items from your price list and materials costs. ' +
        'It suggests labor time based on similar past jobs and warns when a margin falls below your target. ' +
        'The finished quote goes out as a branded PDF with an online accept button, and follow-ups are sent automatically if the customer goes quiet. ' +
        'Accepted quotes can be turned into an invoice with one click.',
      problem_solved:
        'Tradespeople and service firms build every quote by copying an old Excel template, retyping prices and hoping the math and margins are right.',
      category: 'Sales',
      featured: false,
      replaces_tools: 'Excel quote template, Word estimate documents, price list spreadsheet',
      development_status: 'concept',
      app_url: null,
      status_text: 'Coming soon',
      status_link_enabled: false,
      key_features: [
        'Quote drafts from emails, voice notes or rough notes',
        'Line items pulled from your own price list and material costs',
        'Labor estimates based on similar past jobs',
        'Margin warnings before you send',
        'Branded PDF with online acceptance and automatic follow-ups',
      ],
      how_it_works: [
        'Import your price list and a few past quotes',
        'Forward a customer request or dictate the job details',
        'Review the drafted quote and its margin, then send it',
        'Quote Builder follows up and tells you when it is accepted',
      ],
      spreadsheet_benefits: [
        'Prices come from one maintained list, not whichever old template you copied',
        'No broken totals or forgotten sales tax lines',
        "Every quote's status is tracked instead of living in your sent folder",
        'Accepted quotes become invoices without retyping',
      ],
      target_personas: [
        'Electricians, plumbers and builders quoting several jobs a week',
        'Print shops, sign makers and event suppliers',
        'Landscaping and cleaning companies with recurring work',
      ],
      roi_benefits: [
        'Cuts quoting time from about 45 minutes to 10 minutes per job',
        'Protects 3 to 5 points of margin by flagging underpriced lines',
        'Wins roughly 1 in 5 more quotes through timely automatic follow-ups',
      ],
      roi_figures: { faster_pct: 78, fewer_errors_pct: 40, cost_savings_pct: 18, roi_pct: 260, projected_usd: 31_000 },
      faq_items: [
        {
          question: 'What stage is Quote Builder at?',
          answer:
            'It is a concept we are validating with small trade businesses. Join the Early Explorers list to get a say in the features and early access.',
        },
        {
          question: 'Will it handle different tax rates?',
          answer: 'Yes, the plan is to support tax rates per line item and per customer, including tax-exempt customers.',
        },
        {
          question: 'Can I keep using my own quote layout?',
          answer: 'You will be able to upload your logo and choose from layouts that match the look of your current quotes.',
        },
      ],
      meta_title: 'Quote Builder: Fast Quotes Without Excel Templates',
      meta_description:
        'Draft priced, branded quotes from emails or voice notes using your price list, check margins and follow up automatically. Coming soon.',
      keywords: ['quote template', 'estimate software', 'quoting tool', 'job estimates', 'trades business software'],
      views: 760,
    },
  },

  // ---------------------------------------------------------------- Analytics
  {
    id: '6c879a8e-d590-47f9-970f-7dfa7f5199b5',
    fields: {
      name: 'Sales Snapshot',
      description:
        'Pulls your point-of-sale, online store and bank data into one weekly report that explains in plain English what changed and why. No more Monday report sheet.',
      long_description:
        'Sales Snapshot connects to your point-of-sale system, online store and business bank feed and builds the weekly numbers you now assemble by hand. ' +
        'Instead of a wall of charts, it writes a short briefing: revenue against last week and last year, best and worst sellers, and anything unusual worth a look. ' +
        'You can ask follow-up questions in plain language, such as which product drove the dip on Tuesday, and get an answer with the chart behind it. ' +
        'The briefing arrives by email every Monday morning before you open.',
      problem_solved:
        'Owners spend Monday mornings exporting reports from three systems into a spreadsheet and still cannot tell why sales moved.',
      category: 'Analytics',
      featured: false,
      replaces_tools: 'Excel weekly sales report, POS CSV exports, pivot tables',
      development_status: 'beta',
      app_url: 'https://sales-snapshot.unsheet.app',
      status_text: 'Private beta',
      status_link_enabled: false,
      key_features: [
        'Connectors for common point-of-sale systems, online stores and bank feeds',
        'Plain-English weekly briefing with the three things that matter most',
        'Week-over-week and year-over-year comparisons by product and location',
        'Anomaly alerts for sudden drops or spikes',
        'Ask-a-question chat backed by the underlying chart',
      ],
      how_it_works: [
        'Connect your sales and bank accounts with read-only access',
        'Sales Snapshot backfills up to two years of history',
        'Every Monday you receive a briefing by email',
        'Ask follow-up questions whenever a number looks odd',
      ],
      spreadsheet_benefits: [
        'No weekly export-and-paste routine across several systems',
        'Numbers are reconciled automatically, so the report matches the bank',
        'Explanations come with the figures instead of you digging through pivot tables',
      ],
      target_personas: [
        'Independent retailers with one to five stores',
        'Restaurant and bar owners tracking covers and average check',
        'Online sellers running a store alongside marketplaces',
        'Bookkeepers preparing weekly numbers for several clients',
      ],
      roi_benefits: [
        'Saves 2 to 3 hours every week of report building',
        'Spots stock-outs and pricing errors days earlier, worth 1% to 3% of weekly revenue',
        'Gives owners a clear weekly review in under 5 minutes of reading',
      ],
      roi_figures: { faster_pct: 85, fewer_errors_pct: 45, cost_savings_pct: 10, roi_pct: 140, projected_usd: 14_000 },
      faq_items: [
        {
          question: 'Why is there no link to the beta here?',
          answer:
            'The beta is invite-only while we add connectors. Join the Early Explorers list and we will send you an invite when your systems are supported.',
        },
        {
          question: 'Is my sales data safe?',
          answer:
            'Connections are read-only, data is encrypted in transit and at rest, and you can disconnect and delete everything at any time.',
        },
        {
          question: 'Can my accountant see the reports?',
          answer: 'Yes. You can add your accountant or bookkeeper as a read-only viewer who receives the same weekly briefing.',
        },
      ],
      meta_title: 'Sales Snapshot: Weekly Sales Report Without Excel',
      meta_description:
        'Combine POS, online store and bank data into a plain-English weekly sales briefing with alerts. Stop building the Monday report by hand.',
      keywords: ['weekly sales report', 'sales dashboard', 'pos reporting', 'small business analytics', 'kpi report'],
      views: 1940,
    },
  },
  {
    id: 'a015552a-c72d-43f8-bbaf-cdae19b2fe6a',
    fields: {
      name: 'Margin Finder',
      description:
        'Shows the true profit of every product, service and customer after discounts, shipping, fees and time spent, so you know what to push and what to reprice.',
      long_description:
        'Margin Finder combines your sales lines with supplier costs, payment and marketplace fees, shipping charges and staff time to work out what each item really earns. ' +
        'It ranks products, services and customers by profit rather than revenue, and highlights the ones that lose money once every cost is counted. ' +
        'For each problem item it suggests an action, such as a price change, a minimum order or a bundle, and estimates the effect. ' +
        'A what-if view lets you test new prices before changing them in your store.',
      problem_solved:
        'Most small businesses only see revenue by product, because allocating fees, shipping and labor in a spreadsheet is too tedious to keep up.',
      category: 'Analytics',
      featured: false,
      replaces_tools: 'Excel product costing sheet, pricing calculator spreadsheet, manual fee reconciliation',
      development_status: 'concept',
      app_url: null,
      status_text: 'In design',
      status_link_enabled: false,
      key_features: [
        'Per-product and per-customer profit after all variable costs',
        'Automatic matching of payment, marketplace and shipping fees to orders',
        'Money-loser alerts with suggested fixes',
        'What-if pricing simulator',
        'Monthly margin trend by category',
      ],
      how_it_works: [
        'Connect your store or upload sales and supplier cost files',
        'Margin Finder matches fees and shipping costs to each order',
        'Review the profit ranking and the flagged items',
        'Test price changes in the simulator before you apply them',
      ],
      spreadsheet_benefits: [
        'No manual VLOOKUPs between sales exports and supplier price lists',
        'Fees are matched to orders automatically instead of estimated as a flat percentage',
        'Costs stay current when suppliers change prices',
      ],
      target_personas: [
        'Online store owners selling on their own site and marketplaces',
        'Wholesalers and distributors with hundreds of SKUs',
        'Agencies and consultancies checking client profitability',
      ],
      roi_benefits: [
        'Typically uncovers 5% to 10% of SKUs that lose money after fees',
        'Lifts gross margin by 2 to 4 points after repricing the worst items',
        'Replaces a quarterly costing exercise that takes 2 to 3 days',
      ],
      roi_figures: { faster_pct: 90, fewer_errors_pct: 50, cost_savings_pct: 8, roi_pct: 350, projected_usd: 42_000 },
      faq_items: [
        {
          question: 'Is Margin Finder available yet?',
          answer:
            'Not yet. It is in design, and we are looking for Early Explorers with messy costing spreadsheets to help us test the first version.',
        },
        {
          question: 'Does it handle services as well as products?',
          answer: 'Yes. For services it will use time tracked or estimated per job to include labor cost in the margin.',
        },
        {
          question: 'Will it change my prices automatically?',
          answer: 'No. It suggests and simulates changes; you decide what to apply in your own store.',
        },
      ],
      meta_title: 'Margin Finder: True Product Profit Without Spreadsheets',
      meta_description:
        'See the real profit of each product and customer after fees, shipping and labor, find money-losers and test new prices. In design.',
      keywords: ['product profitability', 'margin calculator', 'pricing analysis', 'cost of goods', 'ecommerce fees'],
      views: 410,
    },
  },

  // ---------------------------------------------------------------- Customer Support
  {
    id: '173bad71-3f56-4872-8401-ee94e8249ba1',
    fields: {
      name: 'Ticket Triage',
      description:
        'Reads every incoming support email and chat, tags it by topic and urgency, routes it to the right person and drafts a first reply. No more shared-inbox sheet.',
      long_description:
        'Ticket Triage sits on top of your shared support inbox and chat widget and reads each message the moment it arrives. ' +
        'It detects the topic, urgency, language and customer sentiment, looks up the order or account, and assigns the ticket to the right person based on rules you set in plain English. ' +
        'For common questions it drafts a reply from your help articles and past answers, so the agent only has to check and send. ' +
        'A live board shows what is waiting, what is overdue and which topics are trending today.',
      problem_solved:
        'Small support teams triage a shared inbox by hand and log tickets in a spreadsheet, so urgent issues wait behind simple questions.',
      category: 'Customer Support',
      featured: true,
      replaces_tools: 'Shared inbox, Google Sheets ticket log, manual email labels',
      development_status: 'beta',
      app_url: 'https://ticket-triage.unsheet.app',
      status_text: 'Beta open',
      status_link_enabled: true,
      key_features: [
        'Automatic topic, urgency and sentiment tagging',
        'Routing rules written in plain English',
        'Order and account lookup attached to each ticket',
        'Draft replies from your help articles and past answers',
        'Overdue and trending-topic alerts',
        'Works with existing email and chat channels',
      ],
      how_it_works: [
        'Connect your support email address and chat widget',
        'Describe who handles what, for example refunds go to Maria',
        'Tickets arrive tagged, routed and with a draft reply',
        'Agents review, edit and send, and the board tracks response times',
      ],
      spreadsheet_benefits: [
        'No copying emails into a ticket log to know who owns what',
        'Urgent and angry messages jump the queue automatically',
        'Response times are measured without manual time stamps',
        'Trends are visible the same day instead of at the end of the month',
      ],
      target_personas: [
        'Online stores with one to five support agents',
        'Software startups where founders still answer support',
        'Travel and events companies handling booking questions',
        'Property managers fielding tenant requests',
      ],
      roi_benefits: [
        'Cuts first response time from 9 hours to under 1 hour on average',
        'Saves each agent about 90 minutes a day of sorting and lookups',
        'Handles 30% to 40% of routine questions with ready-to-send drafts',
      ],
      roi_figures: { faster_pct: 89, fewer_errors_pct: 35, cost_savings_pct: 30, roi_pct: 230, projected_usd: 29_000 },
      faq_items: [
        {
          question: 'Do I have to move to a new help desk?',
          answer: 'No. Ticket Triage works with your existing support email and chat. Replies still go out from your usual address.',
        },
        {
          question: 'Will it answer customers on its own?',
          answer:
            'Only if you allow it. By default every draft waits for an agent, and you can enable auto-send for specific low-risk topics.',
        },
        {
          question: 'What languages does it understand?',
          answer:
            'The beta reads and drafts replies in the most common European languages and detects the language of each message automatically.',
        },
      ],
      meta_title: 'Ticket Triage: AI Support Inbox Triage for Small Teams',
      meta_description:
        'Tag, route and draft replies to every support email and chat automatically. Replace your shared inbox spreadsheet and answer faster.',
      keywords: ['support ticket triage', 'shared inbox', 'help desk automation', 'customer support ai', 'ticket routing'],
      views: 2870,
    },
  },
  {
    id: 'c5b65fcd-eddb-4077-a26a-0ec3e4ccc464',
    fields: {
      name: 'Reply Library',
      description:
        'Keeps your best answers to common customer questions in one searchable place and suggests the right one as you type, in every email and chat tool you use.',
      long_description:
        'Reply Library gathers the answers your team keeps rewriting, from old emails, help articles and that document of canned responses, and turns them into a tidy, searchable library. ' +
        "A browser extension suggests the best matching answer while you type in any email or chat window and personalizes it with the customer's name and order details. " +
        'When an answer goes out of date, such as a changed return policy, Reply Library flags every saved reply that mentions it. ' +
        'Usage stats show which answers get used and which questions still lack one.',
      problem_solved:
        'Support answers live in a messy document or spreadsheet of canned replies that nobody can search quickly and that drifts out of date.',
      category: 'Customer Support',
      featured: false,
      replaces_tools: 'Canned responses document, Excel FAQ sheet, copy-and-paste from old emails',
      development_status: 'prototype',
      app_url: 'https://reply-library.unsheet.app',
      status_text: 'Try the prototype',
      status_link_enabled: true,
      key_features: [
        'Builds a reply library from past emails and help articles',
        'Suggestions as you type in any web-based email or chat tool',
        'Automatic personalization with names and order details',
        'Out-of-date answer detection when a policy changes',
        'Gap report of frequent questions without a saved answer',
      ],
      how_it_works: [
        'Import your canned responses document and a sample of past replies',
        'Reply Library groups them and proposes a clean set of answers',
        'Install the browser extension for your team',
        'Pick the suggested answer while typing and send',
      ],
      spreadsheet_benefits: [
        'Answers appear where you type instead of in a separate sheet you must search',
        'One maintained version of each answer, not several slightly different copies',
        'Outdated answers are caught automatically when policies change',
      ],
      target_personas: [
        'Support agents at small online stores',
        'Office managers answering client emails at accounting or law firms',
        'Customer success leads at small software companies',
      ],
      roi_benefits: [
        'Saves about 40 seconds per reply, or roughly 1 hour per agent per day',
        'Cuts new-agent ramp-up from 3 weeks to 1 week',
        'Reduces inconsistent or wrong policy answers by about 70%',
      ],
      roi_figures: { faster_pct: 50, fewer_errors_pct: 70, cost_savings_pct: 22, roi_pct: 170, projected_usd: 19_000 },
      faq_items: [
        {
          question: 'Which tools does the extension work in?',
          answer: 'The prototype works in browser-based email and chat tools. Desktop email clients are planned for a later version.',
        },
        {
          question: 'Can I share the library with my team?',
          answer: 'Yes. The library is shared, and you can give some people edit rights while others can only use the answers.',
        },
        {
          question: 'Does it read all of my email?',
          answer:
            'Only the sample you choose to import. After that the extension reads just the message you are replying to in order to suggest an answer.',
        },
      ],
      meta_title: 'Reply Library: Canned Responses That Find Themselves',
      meta_description:
        'Turn your canned replies document into a searchable library that suggests the right answer as you type. Keep support answers current.',
      keywords: ['canned responses', 'email templates', 'support macros', 'saved replies', 'customer service templates'],
      views: 1260,
    },
  },

  // ---------------------------------------------------------------- Finance
  {
    id: 'e6da6834-8d35-468b-a06e-e8d7d48dda00',
    fields: {
      name: 'Invoice Chaser',
      description:
        'Tracks every unpaid invoice, sends polite reminders that get firmer over time and predicts who will pay late, so you stop chasing money from an Excel sheet.',
      long_description:
        'Invoice Chaser connects to your accounting software or reads the invoices you already send and keeps an always-current list of who owes what. ' +
        'It sends a sequence of reminders by email and text, from a friendly nudge before the due date to a firm final notice, each written to match the customer relationship. ' +
        'Payment links in every reminder let customers pay by card or bank transfer in one click, and payments are matched back automatically. ' +
        "A cash forecast shows when money is likely to arrive, based on each customer's real payment history.",
      problem_solved:
        'Owners keep a receivables spreadsheet, write awkward reminder emails one by one and still find out about late payers only when cash runs short.',
      category: 'Finance',
      featured: true,
      replaces_tools: 'Excel receivables sheet, email reminders, aged debtors report',
      development_status: 'launched',
      app_url: 'https://invoice-chaser.unsheet.app',
      status_text: 'Live now',
      status_link_enabled: true,
      key_features: [
        'Live receivables list synced from your accounting software',
        'Reminder sequences by email and text with escalating tone',
        'One-click payment links in every reminder',
        'Automatic payment matching and reconciliation',
        'Late-payment prediction per customer',
        '13-week cash-in forecast',
      ],
      how_it_works: [
        'Connect your accounting software or forward your sent invoices',
        'Choose a reminder style and schedule, or use the recommended one',
        'Invoice Chaser sends reminders and collects payments for you',
        'Check the dashboard for overdue totals and the cash forecast',
      ],
      spreadsheet_benefits: [
        'No more updating paid and unpaid columns by hand after checking the bank',
        'Reminders go out on time without you writing each one',
        "Aging buckets and totals are always current, not last Friday's",
        "Each customer's full reminder history is on record if a dispute comes up",
      ],
      target_personas: [
        'Freelancers and consultants invoicing monthly',
        'Agencies and studios with 20 or more active clients',
        'Wholesale suppliers selling on 30-day terms',
        'Bookkeepers managing receivables for several small clients',
      ],
      roi_benefits: [
        'Reduces average days to get paid from 47 to 29',
        'Cuts time spent chasing payments from 5 hours a month to under 30 minutes',
        'Lowers the share of invoices more than 60 days overdue by about 60%',
        'Cuts month-end receivables reconciliation from 3 days to 4 hours',
      ],
      roi_figures: { faster_pct: 38, fewer_errors_pct: 45, cost_savings_pct: 15, roi_pct: 280, projected_usd: 33_000 },
      faq_items: [
        {
          question: 'Will reminders damage my customer relationships?',
          answer:
            'Reminders are polite by default and you control the tone for each customer. Key accounts can get gentler sequences or need your approval before anything is sent.',
        },
        {
          question: 'Which accounting tools does it connect to?',
          answer:
            'It syncs with the most popular small-business accounting platforms. If yours is not supported, you can forward invoices by email or upload a CSV.',
        },
        {
          question: 'Do payments go through Invoice Chaser?',
          answer:
            'Payment links use a regulated payment provider and money goes straight to your bank account. Invoice Chaser never holds your funds.',
        },
      ],
      meta_title: 'Invoice Chaser: Get Paid Faster Without a Spreadsheet',
      meta_description:
        'Automatic, polite invoice reminders with payment links, late-payer prediction and a cash forecast. Replace your Excel receivables sheet.',
      keywords: [
        'invoice reminders',
        'accounts receivable',
        'late payments',
        'payment chasing',
        'cash flow forecast',
        'receivables spreadsheet',
      ],
      views: 4720,
    },
  },
  {
    id: '92e57055-6db6-4dcf-8597-e454d755aecb',
    fields: {
      name: 'Receipt Sorter',
      description:
        'Snap or forward a receipt and it reads the vendor, amount and tax, files it under the right expense category and matches it to the bank line. Tax time done.',
      long_description:
        'Receipt Sorter reads photos, PDFs and email receipts and pulls out the vendor, date, total, tax and payment method with high accuracy. ' +
        "It suggests an expense category based on your past choices and your accountant's chart of accounts, and matches each receipt to the right bank or card transaction. " +
        'Missing receipts are listed so you can chase them while you still remember the purchase. ' +
        'At month end you get a tidy export for your accountant or a direct sync to your bookkeeping software.',
      problem_solved:
        'Receipts pile up in a shoebox and an inbox folder, then someone spends a weekend typing them into an expense spreadsheet before the tax deadline.',
      category: 'Finance',
      featured: false,
      replaces_tools: 'Excel expense sheet, shoebox of paper receipts, manual bank reconciliation',
      development_status: 'prototype',
      app_url: 'https://receipt-sorter.unsheet.app',
      status_text: 'Try the prototype',
      status_link_enabled: true,
      key_features: [
        'Reads photo, PDF and email receipts in seconds',
        'Expense category suggestions that learn from your corrections',
        'Automatic matching to bank and card transactions',
        'Missing-receipt list for unmatched transactions',
        'Monthly export or sync for your bookkeeper',
      ],
      how_it_works: [
        'Take a photo of a receipt or forward it to your personal receipts address',
        'Receipt Sorter extracts the details and suggests a category',
        'Connect your bank feed so receipts match their transactions',
        'Send the monthly export to your accountant in one click',
      ],
      spreadsheet_benefits: [
        'No typing vendor, date and amount into rows by hand',
        'Receipts and bank lines reconcile themselves instead of being ticked off on paper',
        'The original image stays attached to each expense for audits',
        'Categories stay consistent with what your accountant expects',
      ],
      target_personas: [
        'Sole proprietors and freelancers filing their own taxes',
        'Small construction and trade firms buying materials daily',
        'Office managers collecting receipts from staff',
      ],
      roi_benefits: [
        'Cuts monthly expense admin from 6 hours to under 1 hour',
        'Reduces accountant fees by around 20% with ready-to-use records',
        'Recovers deductible expenses that typically go unclaimed, often 2% to 5% of spend',
      ],
      roi_figures: { faster_pct: 85, fewer_errors_pct: 65, cost_savings_pct: 20, roi_pct: 190, projected_usd: 4_800 },
      faq_items: [
        {
          question: 'How accurate is the receipt reading?',
          answer:
            'In the prototype, totals and dates are read correctly on about 97% of clear receipts. Anything uncertain is highlighted for you to confirm.',
        },
        {
          question: 'Can my staff submit receipts?',
          answer: 'Yes. Each staff member can get their own forwarding address, and their receipts are tagged to them for reimbursement.',
        },
        {
          question: 'Do I still need to keep paper receipts?',
          answer:
            'Rules differ by country. Many tax authorities accept clear digital copies, but check with your accountant before you throw originals away.',
        },
      ],
      meta_title: 'Receipt Sorter: Expense Tracking Without the Shoebox',
      meta_description:
        'Snap or forward receipts, get vendor, amount and tax read automatically, categorized and matched to bank lines. Replace your expense spreadsheet.',
      keywords: ['receipt scanner', 'expense tracking', 'bookkeeping', 'expense spreadsheet alternative', 'small business taxes'],
      views: 1720,
    },
  },

  // ---------------------------------------------------------------- HR & Recruiting
  {
    id: 'ff940a11-905a-42fa-b813-76b10080926c',
    fields: {
      name: 'Hiring Board',
      description:
        'Collects applications from every job post into one pipeline, summarizes each resume against your must-haves and books interviews, instead of a candidate spreadsheet.',
      long_description:
        'Hiring Board gives each open role a simple application page and pulls in candidates from job boards, email and referrals. ' +
        'Every resume is summarized against the must-haves you wrote for the role, with a short note on strengths and gaps, while the final decision stays with you. ' +
        'Candidates move through a drag-and-drop pipeline, interview slots are offered from your calendar, and polite status emails go out automatically so nobody is left waiting. ' +
        'Notes and scores from each interviewer sit on the candidate card, ready for the hiring decision.',
      problem_solved:
        'Hiring managers track candidates in a spreadsheet and an overflowing inbox, lose good applicants in the shuffle and forget to reply to the rest.',
      category: 'HR & Recruiting',
      featured: false,
      replaces_tools: 'Excel candidate tracker, job inbox folders, calendar back-and-forth',
      development_status: 'beta',
      app_url: 'https://hiring-board.unsheet.app',
      status_text: 'Beta open',
      status_link_enabled: true,
      key_features: [
        'One pipeline for applicants from job boards, email and referrals',
        "Resume summaries against the role's must-haves",
        'Drag-and-drop stages customized for each role',
        'Self-service interview booking from your calendar',
        'Automatic status and rejection emails',
        'Shared interview notes and scorecards',
      ],
      how_it_works: [
        'Create a role and list its must-haves and nice-to-haves',
        'Share the application link or connect your job board postings',
        'Review summaries and move candidates through the stages',
        'Candidates book interviews and receive updates automatically',
      ],
      spreadsheet_benefits: [
        'Resumes, notes and emails are attached to the candidate, not scattered across folders',
        'No copying applicant details from emails into rows',
        'Every candidate gets a reply, protecting your reputation as an employer',
        'Time-to-hire and source stats are tracked without extra columns',
      ],
      target_personas: [
        'Owners of growing businesses hiring 5 to 30 people a year',
        'Office managers who handle recruiting on the side',
        'Hospitality and retail managers hiring seasonal staff',
        'Small agencies recruiting specialists',
      ],
      roi_benefits: [
        'Cuts time-to-hire from 6 weeks to about 3 weeks',
        'Saves 4 to 6 hours per role on screening and scheduling',
        'Reduces job board spend by showing which sources produce hires',
      ],
      roi_figures: { faster_pct: 50, fewer_errors_pct: 30, cost_savings_pct: 25, roi_pct: 150, projected_usd: 12_500 },
      faq_items: [
        {
          question: 'Does the AI reject candidates automatically?',
          answer:
            'No. Hiring Board summarizes and highlights, but a person makes every decision. Summaries focus on skills and experience, not personal characteristics.',
        },
        {
          question: 'Can I post to job boards from Hiring Board?',
          answer:
            'The beta creates a shareable application page and imports applicants from connected boards. One-click multi-posting is in development.',
        },
        {
          question: 'How is candidate data protected?',
          answer:
            'Candidate data is encrypted, access is limited to the people you invite, and you can set automatic deletion after a retention period.',
        },
      ],
      meta_title: 'Hiring Board: Candidate Tracking Without a Spreadsheet',
      meta_description:
        'Collect applicants in one pipeline, get resume summaries against your must-haves and let candidates book interviews. Replace your hiring sheet.',
      keywords: ['applicant tracking', 'candidate pipeline', 'recruiting software', 'hiring spreadsheet', 'small business hiring'],
      views: 2460,
    },
  },
  {
    id: 'e5a1b26c-5154-41d1-8fa3-d27101e2e765',
    fields: {
      name: 'Leave Tracker',
      description:
        'Handles vacation and sick day requests, keeps every balance up to date and warns you before too many people are off at once. Retires the PTO spreadsheet.',
      long_description:
        'Leave Tracker lets employees request time off from their phone and shows managers the request next to who else is away that week. ' +
        'Balances accrue automatically according to your policy, including carry-over, part-time pro-rating and public holidays for each location. ' +
        "A team calendar shows everyone's absences at a glance and warns when a request would leave a shift or team understaffed. " +
        'At the end of the year it produces a clean balance report for payroll and for each employee.',
      problem_solved:
        'Time off is requested by email, approved in a chat and recorded in a spreadsheet whose balance formulas nobody fully trusts.',
      category: 'HR & Recruiting',
      featured: false,
      replaces_tools: 'Excel PTO tracker, paper leave request forms, shared vacation calendar',
      development_status: 'concept',
      app_url: null,
      status_text: 'Coming soon',
      status_link_enabled: false,
      key_features: [
        'Mobile time-off requests with one-tap approval',
        'Automatic accrual, carry-over and part-time pro-rating',
        'Public holiday calendars per location',
        'Understaffing warnings before approval',
        'Year-end balance reports for payroll',
      ],
      how_it_works: [
        'Set your leave policy and import current balances from your spreadsheet',
        'Employees request time off from a link on their phone',
        'Managers approve with the team calendar in view',
        'Balances update themselves and reports are ready for payroll',
      ],
      spreadsheet_benefits: [
        'No fragile accrual formulas to maintain for each employee',
        'Requests, approvals and balances are in one place with a full history',
        'Staff check their own balance instead of asking HR',
      ],
      target_personas: [
        'Owners of businesses with 5 to 50 employees and no HR team',
        'Office managers who run payroll and HR admin',
        'Clinics and care providers that must keep minimum staffing',
      ],
      roi_benefits: [
        'Saves around 2 hours a week of HR admin for a 25-person team',
        'Eliminates year-end balance disputes caused by formula errors',
        'Prevents understaffed days that cost lost sales or overtime pay',
      ],
      roi_figures: { faster_pct: 75, fewer_errors_pct: 90, cost_savings_pct: 10, roi_pct: 130, projected_usd: 5_200 },
      faq_items: [
        {
          question: 'When can I use Leave Tracker?',
          answer:
            'It is still a concept. Join the Early Explorers list to tell us about your leave policy and get access as soon as the prototype opens.',
        },
        {
          question: 'Can it handle different policies for different staff?',
          answer:
            'Yes, the design supports several policies, for example full-time, part-time and hourly staff, each with its own accrual rules.',
        },
        {
          question: 'Will it work with Shift Planner?',
          answer: 'That is the plan: approved time off will block those days in Shift Planner automatically.',
        },
      ],
      meta_title: 'Leave Tracker: Replace Your PTO Spreadsheet',
      meta_description:
        'Mobile time-off requests, automatic balances and understaffing warnings for small teams. Retire the vacation tracking spreadsheet.',
      keywords: ['pto tracker', 'vacation tracking', 'leave management', 'time off requests', 'absence calendar'],
      views: 590,
    },
  },

  // ---------------------------------------------------------------- Other
  {
    id: 'd2a669d7-35e3-4d47-9139-b9c14d4f23c9',
    fields: {
      name: 'Stock Reorder',
      description:
        'Watches stock levels and sales speed, predicts when each item will run out and drafts purchase orders to your suppliers before it does. No more stock sheet.',
      long_description:
        'Stock Reorder connects to your point-of-sale system or online store and tracks how fast each item sells, including seasonal swings and promotions. ' +
        'It works out a reorder point for every product based on supplier lead times and minimum order quantities, and warns you days before you would run out. ' +
        'When it is time to buy, it groups items by supplier and drafts purchase orders you can approve and email in one click. ' +
        'Slow movers are flagged too, so cash is not tied up in stock that sits on the shelf.',
      problem_solved:
        'Owners count stock by hand, update an inventory spreadsheet and reorder on gut feeling, which leads to stock-outs of best sellers and piles of slow movers.',
      category: 'Other',
      featured: false,
      replaces_tools: 'Excel inventory sheet, clipboard stock counts, emailed purchase orders',
      development_status: 'launched',
      app_url: 'https://stock-reorder.unsheet.app',
      status_text: 'Live now',
      status_link_enabled: true,
      key_features: [
        'Live stock levels from your POS or online store',
        'Demand forecasts that account for seasonality and promotions',
        'Reorder points from supplier lead times and minimum order quantities',
        'Purchase orders drafted and grouped by supplier',
        'Slow-mover and overstock alerts',
      ],
      how_it_works: [
        'Connect your sales system and import your supplier list',
        "Stock Reorder learns each item's sales pattern from your history",
        'Get alerts and draft purchase orders when items near their reorder point',
        'Approve and send orders, then receive stock against them',
      ],
      spreadsheet_benefits: [
        'Stock levels update with every sale instead of after the weekly count',
        "Reorder quantities are calculated, not guessed from last month's column",
        'Purchase orders are created from the data instead of retyped into emails',
        'Supplier lead times and order history are kept in one place',
      ],
      target_personas: [
        'Independent shops and convenience stores',
        'Cafes and restaurants ordering ingredients several times a week',
        'Online sellers with 100 to 5,000 SKUs',
        'Small distributors and wholesalers',
      ],
      roi_benefits: [
        'Reduces stock-outs of best sellers by about 60%',
        'Frees 15% to 25% of cash tied up in excess inventory',
        'Cuts weekly ordering time from 3 hours to 30 minutes',
      ],
      roi_figures: { faster_pct: 83, fewer_errors_pct: 60, cost_savings_pct: 20, roi_pct: 300, projected_usd: 38_000 },
      faq_items: [
        {
          question: 'Do I need barcode scanners?',
          answer:
            'No. Stock Reorder uses the sales data your POS or store already records. Scanners help with receiving deliveries but are optional.',
        },
        {
          question: 'What if I sell the same item in a shop and online?',
          answer: 'Connect both channels and Stock Reorder combines their sales into one forecast and one stock level per item.',
        },
        {
          question: 'Can it send orders to suppliers automatically?',
          answer: 'By default you approve every order. For trusted suppliers and staple items you can turn on automatic sending.',
        },
      ],
      meta_title: 'Stock Reorder: Inventory Reordering Without Excel',
      meta_description:
        'Forecast when each item will run out and draft purchase orders to suppliers automatically. Replace your inventory spreadsheet and avoid stock-outs.',
      keywords: ['inventory management', 'reorder point', 'stock control', 'purchase orders', 'inventory spreadsheet'],
      views: 3650,
    },
  },
  {
    id: 'efb372ea-7d29-466f-900e-5bba6a969a50',
    fields: {
      name: 'Equipment Care',
      description:
        'Keeps a log of every machine, vehicle and appliance you own, schedules servicing and inspections, and reminds the right person before anything is overdue.',
      long_description:
        'Equipment Care builds an asset register from photos of data plates and invoices, capturing make, model, serial number and warranty dates. ' +
        'It sets up service and inspection schedules from manufacturer guidance and your own rules, by date, hours of use or mileage. ' +
        'Technicians log work from their phone with photos, and each asset keeps a full history of repairs, parts and costs. ' +
        'When repair costs start to outweigh value, it tells you it is time to replace rather than fix.',
      problem_solved:
        "Maintenance dates live in a spreadsheet and someone's memory, so inspections are missed, warranties lapse and breakdowns happen at the worst time.",
      category: 'Other',
      featured: false,
      replaces_tools: 'Excel asset register, maintenance log spreadsheet, paper service books',
      development_status: 'prototype',
      app_url: 'https://equipment-care.unsheet.app',
      status_text: 'Try the prototype',
      status_link_enabled: true,
      key_features: [
        'Asset register built from photos of data plates and invoices',
        'Service schedules by date, hours of use or mileage',
        'Reminders to the responsible person before work is due',
        'Mobile work log with photos and parts used',
        'Warranty expiry alerts',
        'Repair-or-replace cost tracking per asset',
      ],
      how_it_works: [
        "Photograph each asset's data plate or upload its invoice",
        'Equipment Care fills in the details and proposes a service schedule',
        'Assign each asset to a responsible person or contractor',
        'Get reminders, log the work on a phone and watch the history build up',
      ],
      spreadsheet_benefits: [
        'Due dates calculate themselves from usage instead of being updated by hand',
        'Service history, photos and receipts stay attached to each asset',
        'Reminders reach the right person instead of waiting for someone to open the file',
      ],
      target_personas: [
        'Restaurant owners maintaining kitchen equipment and refrigeration',
        'Small fleet operators such as couriers and landscapers',
        'Gym and leisure facility managers',
        'Light manufacturing and workshop owners',
      ],
      roi_benefits: [
        'Cuts unplanned breakdowns by about 35% through on-time servicing',
        'Saves 1,500 to 4,000 dollars a year in repairs claimed under warranty',
        'Reduces inspection prep from a full day to under an hour',
      ],
      roi_figures: { faster_pct: 88, fewer_errors_pct: 35, cost_savings_pct: 15, roi_pct: 220, projected_usd: 11_000 },
      faq_items: [
        {
          question: 'Does it work for vehicles as well as machines?',
          answer: 'Yes. You can schedule by mileage for vehicles, by hours for machines and by calendar date for anything else.',
        },
        {
          question: 'Can outside contractors log their work?',
          answer:
            'In the prototype you can send a contractor a one-time link to log a job on a specific asset without creating an account.',
        },
        {
          question: 'Can I import my existing maintenance spreadsheet?',
          answer: 'Yes. Upload it and Equipment Care maps columns such as asset name, last service and interval to set up schedules.',
        },
      ],
      meta_title: 'Equipment Care: Maintenance Tracking Without Spreadsheets',
      meta_description:
        'Log machines, vehicles and appliances, schedule servicing by date, hours or mileage and get reminders before anything is overdue.',
      keywords: ['equipment maintenance', 'asset register', 'preventive maintenance', 'maintenance log', 'fleet maintenance'],
      views: 980,
    },
  },
];
