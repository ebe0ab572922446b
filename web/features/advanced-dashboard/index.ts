/** What the app layer composes into other screens (the dashboard's panels). */
export { RecentActivity } from './components/recent-activity';
