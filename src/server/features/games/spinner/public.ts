/** What other features may read of the spinners (DESIGN.md section 1a): the wheels' current tables. */
export { spinnerTablesDto as currentSpinnerTables } from './service';
