/// The config `DefinitionsSummaryTests` and `DotGraphTests` describe: two entities with a
/// nested relationship and a connection, a path with keyed, fallback and plain matchers.
enum DescribeFixtures {
    static let config = """
        {"entity_attribute_mappings": {
           "Employee": {"id": "employeeID", "name": "name", "dept_id": "deptID", "pay": "salary", "state": "status", "": "raw"},
           "Department": {"id": "deptID", "title": "title"}},
         "primary_key_mappings": {"Employee": ["employeeID"], "Department": ["deptID"]},
         "relationship_mappings": {"Employee": {
           "boss": {"target": "Employee", "key_path": "manager"},
           "dept": {"target": "Department", "key_path": "department", "fk_mapping": {"deptID": "deptID"}}}},
         "entity_attribute_types": {"Employee": {"salary": "integer"}},
         "value_mappings": {"Employee": {"status": {"A": "active", "_default": "unknown"}}},
         "mapping_options": {"Department": {"set_nil_for_missing_attributes": true}},
         "path_mappings": [
           {"uri": "/employees", "key_path": "data.people", "matchers": [
             {"key_path": "kind", "expected_value": "emp", "entity_name": "Employee"},
             {"key_path": "level", "expected_value": 2, "entity_name": "Employee"},
             {"entity_name": "Department"}]},
           {"uri": "/stats", "matchers": [{"class_name": "Stats", "attribute_mappings": {"n": "count"}}]}],
         "request_mappings": [{"uri": "/user/auth", "root_keypath": "user", "class_name": "Login",
           "attribute_mappings": {"username": "user.name"}}],
         "error_mappings": {"key_path": "errors", "attribute_mappings": {"message": "text"}},
         "date_formats": ["dd.MM.yyyy"]}
        """
}
