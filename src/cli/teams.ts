import { createTeam, deleteTeam, updateTeamOp } from '../modules/teams/manage-teams'
import { addTeamMember, removeTeamMember, setTeamManager, unsetTeamManager } from '../modules/teams/manage-members'
import { getTeam } from '../modules/teams/get-team'
import { listTeams } from '../modules/teams/list-teams'
import { listTeamMembers } from '../modules/teams/list-team-members'
import { commandGroup, operationCommand } from './operation-command'

type MemberOut = { team: { name: string }; user_id: string; role_in_team: string; changed: boolean }
const memberReport = (out: MemberOut) =>
  `${out.changed ? 'Done' : 'Nothing to change'}: ${out.user_id} is ${out.role_in_team === 'none' ? 'not in' : `${out.role_in_team} of`} ${out.team.name}.`

/** `workforce teams …`: teams, their managers and members. Teams are named by name, people by e-mail. */
export const teamsCommand = commandGroup('teams', 'Manage teams: create, rename, delete, managers and members.', [
  operationCommand({ name: 'create', op: createTeam, args: ['name'] }),
  operationCommand({ name: 'update', op: updateTeamOp, args: ['team_id'], summary: 'Rename or edit a team (--name NEW renames)' }),
  operationCommand({ name: 'delete', op: deleteTeam, args: ['team_id'] }),
  operationCommand({ name: 'list', op: listTeams }),
  operationCommand({ name: 'show', op: getTeam, args: ['team_id'] }),
  operationCommand({ name: 'members', op: listTeamMembers, args: ['team_id'] }),
  operationCommand({ name: 'add-member', op: addTeamMember, args: ['team_id', 'user_id'], print: memberReport }),
  operationCommand({ name: 'remove-member', op: removeTeamMember, args: ['team_id', 'user_id'], print: memberReport }),
  operationCommand({ name: 'add-manager', op: setTeamManager, args: ['team_id', 'user_id'], print: memberReport }),
  operationCommand({ name: 'remove-manager', op: unsetTeamManager, args: ['team_id', 'user_id'], print: memberReport }),
])
