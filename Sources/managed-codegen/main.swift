print("managed-codegen")
