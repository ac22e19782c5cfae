# JSON tree case: the records restmap prints for
#   restmap map -c Configs/employees.plist --path /employees employees.json
# path mapping /employees: key path employees_list, matcher type == "employee";
# Employee {id→entityId, name, description, secondary_dept→secondaryDeptId}, primary key
# entityId; dept nested (Department {id→entityId, name}, primary key entityId);
# secondary_dept connected by fk secondaryDeptId → Department.entityId after mapping,
# left out when no Department of the run matches (or the id is null).
# Every Department is printed in its final state: the last representation of its id.
[.employees_list[] | select(.type == "employee")] as $employees
| (reduce ($employees[] | .dept | select(. != null)) as $d ({};
     .[$d.id | tostring] = {_entity: "Department", entityId: $d.id, name: $d.name})) as $departments
| [ $employees[]
    | {_entity: "Employee", entityId: .id, name, description, secondaryDeptId: .secondary_dept,
       dept: (if .dept == null then null else $departments[.dept.id | tostring] end)}
      + (if .secondary_dept != null and $departments[.secondary_dept | tostring] != null
         then {secondary_dept: $departments[.secondary_dept | tostring]} else {} end) ]
