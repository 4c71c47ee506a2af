/** /admin/apps/import (admin spec §2, §5): Text Import and CSV Import, each with its format box, its row-by-row preview and report. */
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AdminPageHeader } from '../../../features/admin/catalogue/components/admin-page-header';
import { ImportPanel } from '../../../features/admin/catalogue/components/import-panel';
import { CSV_EXAMPLE, parseCsvImport } from '../../../features/admin/catalogue/import/parse-csv-import';
import { parseTextImport, TEXT_EXAMPLE } from '../../../features/admin/catalogue/import/parse-text-import';
import { paths } from '../../../lib/paths';

export function AdminImportRoute() {
  return (
    <div className="flex flex-col gap-6">
      <title>Import Apps | Unsheet Admin</title>
      <Button asChild variant="ghost" className="w-fit px-2">
        <Link to={paths.adminApps}>← Back to apps</Link>
      </Button>
      <AdminPageHeader title="Import Apps" description="Add many apps at once, from text or from a CSV file's contents." />
      <Tabs defaultValue="text">
        <TabsList>
          <TabsTrigger value="text">Text Import</TabsTrigger>
          <TabsTrigger value="csv">CSV Import</TabsTrigger>
        </TabsList>
        <TabsContent value="text">
          <ImportPanel
            id="import-text"
            label="Apps as text"
            placeholder="Paste apps here, separated by blank lines"
            parse={parseTextImport}
            example={TEXT_EXAMPLE}
            format={
              <>
                <p>One app per block; leave a blank line between apps. In each block, one line each:</p>
                <ol className="list-decimal pl-5">
                  <li>Name (a leading "1." or "-" is removed)</li>
                  <li>Description</li>
                  <li>Problem solved</li>
                  <li>Replaced tools</li>
                  <li>Category (optional, default "other")</li>
                  <li>Spreadsheet benefits, one per line (optional)</li>
                </ol>
                <p>Blocks are rows 1, 2, 3… in the preview; a block of fewer than 4 lines is skipped, and the preview says so.</p>
              </>
            }
          />
        </TabsContent>
        <TabsContent value="csv">
          <ImportPanel
            id="import-csv"
            label="CSV data"
            placeholder="name,description,problem_solved,replaces_tools,category,spreadsheet_benefits"
            parse={parseCsvImport}
            example={CSV_EXAMPLE}
            format={
              <>
                <p>A header row, then one app per row. Columns are found by their header (any case):</p>
                <ul className="list-disc pl-5">
                  <li>name or title</li>
                  <li>description or desc</li>
                  <li>problem or solve</li>
                  <li>replace or tool</li>
                  <li>category or cat</li>
                  <li>benefit, spreadsheet, kill or advantage: benefit columns; separate several benefits with ";"</li>
                  <li>
                    roi_faster, roi_fewer_errors, roi_cost_savings, roi_percent (whole percent) and roi_projected (dollars a year): the app
                    page's ROI figures, all five or none (none: the standard figures)
                  </li>
                </ul>
                <p>
                  Put a cell holding commas in double quotes. Rows are numbered as in a spreadsheet (the header is row 1). Rows of fewer
                  than 4 cells are skipped; empty cells get defaults. The preview says what happens to each row, and why.
                </p>
              </>
            }
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
