import { estimatePoints, estimateSum, type IssueDoc } from '@keel/domain';
import './estimate-sum.css';

/**
 * The points of a group's or column's issues (SPEC §10), after its count: nothing where none is
 * estimated, since "0 points" beside every group is noise.
 */
export function EstimateSum({ issues }: { issues: readonly IssueDoc[] }) {
  const sum = estimateSum(issues);
  if (sum === 0) return null;
  return (
    <span className="estimate-sum">
      <span className="visually-hidden">, </span>
      {estimatePoints(sum)}
    </span>
  );
}
