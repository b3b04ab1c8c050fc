/** What other features may use of communities (DESIGN.md section 1a). */
export { HomeCommunityMark } from './components/HomeCommunityMark';
export { CommunityRanking } from './components/CommunityRanking';
