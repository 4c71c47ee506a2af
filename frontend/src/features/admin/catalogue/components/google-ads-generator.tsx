/**
 * The Google Ads CSV page's body (admin spec §2, §8, §9): counters, Generate, Download (UTF-8 with BOM),
 * the summary of what was generated, and the import specifications. Generate fetches the file the server
 * makes from the active apps (google-ads/google-ads-file.ts); Download saves that file as it came.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatInteger } from '../../../../lib/utils';
import { useCatalogueFigures } from '../api/get-admin-apps';
import {
  CAMPAIGN,
  COLUMNS,
  DESCRIPTION_MAX,
  DESCRIPTION_SLOTS,
  googleAdsCsvFileName,
  HEADLINE_MAX,
  HEADLINE_SLOTS,
  MAX_KEYWORDS_PER_APP,
  SUGGESTED_MAX_CPC_NOTE,
} from '../../../../../../contracts/catalogue/google-ads';
import { fetchGoogleAdsFile, type GoogleAdsFile } from '../google-ads/google-ads-file';

const FETCH_FAILED = 'Failed to fetch apps data';

export function GoogleAdsGenerator() {
  // The counters before generating: the active apps, as the server counts them.
  const { data, error } = useCatalogueFigures();
  const activeApps = data?.active ?? 0;
  const [file, setFile] = useState<GoogleAdsFile | null>(null);
  const [generating, setGenerating] = useState(false);
  const generated = file?.summary;

  const reported = useRef(false);
  useEffect(() => {
    if (error && !reported.current) {
      reported.current = true;
      toast.error(FETCH_FAILED);
    }
  }, [error]);

  async function generate() {
    setGenerating(true);
    try {
      const result = await fetchGoogleAdsFile();
      setFile(result);
      const { keywords, ads, adGroups } = result.summary;
      toast.success(`Generated CSV with ${keywords} keywords and ${ads} ads for ${adGroups.length} apps`);
    } catch {
      toast.error(FETCH_FAILED);
    } finally {
      setGenerating(false);
    }
  }

  function download() {
    if (!file) {
      toast.error('No CSV data generated yet');
      return;
    }
    const url = URL.createObjectURL(file.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = googleAdsCsvFileName(new Date());
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast.success('CSV file downloaded successfully with UTF-8 BOM encoding');
  }

  const counters = [
    ['Total Apps', activeApps],
    ['Campaign', 1],
    ['Ad Groups', generated ? generated.adGroups.length : activeApps],
    ['Keywords', generated ? generated.keywords : 0],
  ] as const;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {counters.map(([label, value]) => (
          <Card key={label} className="py-4">
            <CardContent className="px-4">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-semibold tabular-nums" data-testid={`counter-${label}`}>
                {formatInteger(value)}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Campaign CSV</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-wrap gap-2">
              <Button type="button" disabled={activeApps === 0 || generating} onClick={() => void generate()}>
                Generate CSV Data
              </Button>
              <Button type="button" variant="outline" disabled={!generated} onClick={download}>
                Download CSV (UTF-8 BOM)
              </Button>
            </div>
            {!data && !error && <p className="text-sm text-muted-foreground">Loading apps...</p>}
            {data && activeApps === 0 && <p className="text-sm text-muted-foreground">No apps found. Add some apps to get started!</p>}
            {generated && (
              <section aria-label="Summary" className="flex flex-col gap-3 text-sm">
                <h3 className="font-semibold">Generated structure</h3>
                <ul className="list-disc pl-5" data-testid="ads-summary">
                  <li>
                    1 campaign: {CAMPAIGN.name} ({CAMPAIGN.type}, {CAMPAIGN.bidStrategy}, €{CAMPAIGN.dailyBudget} daily budget)
                  </li>
                  <li>{generated.adGroups.length} ad groups, one per app</li>
                  <li>{generated.keywords} keywords</li>
                  <li>{generated.ads} responsive search ads</li>
                  <li>
                    {generated.rows} rows of {generated.columns} columns
                  </li>
                </ul>
                <div className="max-h-72 overflow-auto rounded-md border">
                  <table className="w-full text-left text-sm">
                    <thead className="sticky top-0 border-b bg-card text-muted-foreground">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Ad group
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Keywords
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Ads
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {generated.adGroups.map((group) => (
                        <tr key={group.name} className="border-b last:border-0">
                          <td className="px-3 py-1.5">{group.name}</td>
                          <td className="px-3 py-1.5 tabular-nums">{group.keywords}</td>
                          <td className="px-3 py-1.5 tabular-nums">{group.ads}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            )}
          </CardContent>
        </Card>

        <Card className="h-fit">
          <CardHeader>
            <CardTitle asChild>
              <h2>Import specifications</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
              <li>Google Ads Editor CSV, UTF-8 with BOM, {COLUMNS.length} columns</li>
              <li>One search campaign, bid strategy {CAMPAIGN.bidStrategy}</li>
              <li>Daily budget €{CAMPAIGN.dailyBudget}</li>
              <li>
                <strong className="text-foreground">Note:</strong> {SUGGESTED_MAX_CPC_NOTE} The file ends with it too, as a # comment line.
              </li>
              <li>One ad group per app, named with the app and its category (and the app's address when two would share a name)</li>
              <li>Up to {MAX_KEYWORDS_PER_APP} keywords per app, exact and phrase match</li>
              <li>
                Two responsive search ads per app: {HEADLINE_SLOTS} headlines of up to {HEADLINE_MAX} characters, {DESCRIPTION_SLOTS}{' '}
                descriptions of up to {DESCRIPTION_MAX}
              </li>
              <li>
                Emoji and the symbols Google Ads refuses (a leading = + @ among them) are left out, and text is written as Google Ads reads
                it, with no apostrophe added; lengths count as Google Ads counts them
              </li>
              <li>Final URL: the app's public page</li>
              <li>In Google Ads Editor: Account → Import → From file, then review and post</li>
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
