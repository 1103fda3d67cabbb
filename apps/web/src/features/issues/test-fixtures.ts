/** Documents for the pure-logic tests of this feature: the domain's, at a fixed "now". */
export { TEST_NOW as NOW, makeIssue, makeProject } from '@keel/domain/test-fixtures';
