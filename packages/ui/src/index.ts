// The invoice screens shared by the web and desktop apps, their data interface and its HTTP
// implementation, their texts in de, en, ru and it, and the design foundation both apps draw
// with (theme and tokens, the data table, the colour-scheme switch; styles in styles.css).
export * from './BusyButton.js';
export * from './bbox.js';
export * from './CompanyProfileScreen.js';
export * from './context.js';
export * from './DataTable.js';
export * from './data.js';
export * from './dialog.js';
export * from './ExportsScreen.js';
export * from './FieldRow.js';
export * from './FillInForm.js';
export * from './field-groups.js';
export * from './field-input.js';
export * from './fill-in.js';
export * from './filters.js';
export * from './flags.js';
export * from './format.js';
export * from './http-data.js';
export * from './InvoiceList.js';
export * from './i18n/index.js';
export * from './LineItemsPanel.js';
export * from './line-items.js';
export * from './PageView.js';
export * from './ReviewScreen.js';
export * from './review-flow.js';
export * from './table-cells.js';
export * from './theme.js';
export * from './UiTheme.js';
export * from './UploadZone.js';
export * from './upload-errors.js';
export * from './zoom.js';
