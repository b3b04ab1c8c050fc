/** What other features may use of reports (DESIGN.md section 1a). */
export { ReportButton } from './components/ReportButton';
export { AdminReports } from './components/AdminReports';
export { CommunityReports } from './components/CommunityReports';
