# XML case for xq (xmltodict: attributes as "@name", an empty element as null, every value a
# string): the records restmap prints for
#   restmap map -c bench/employees-xml.plist --path /employees employees.xml
# which is tree.jq over <employees_list><employee id="..">...</employee>...</employees_list>.
[.employees_list.employee | if type == "array" then .[] else . end | select(.type == "employee")] as $employees
| (reduce ($employees[] | .dept | select(. != null)) as $d ({};
     .[$d.id] = {_entity: "Department", entityId: $d.id, name: $d.name})) as $departments
| [ $employees[]
    | {_entity: "Employee", entityId: ."@id", name, description, secondaryDeptId: .secondary_dept,
       dept: (if .dept == null then null else $departments[.dept.id] end)}
      + (if .secondary_dept != null and $departments[.secondary_dept] != null
         then {secondary_dept: $departments[.secondary_dept]} else {} end) ]
