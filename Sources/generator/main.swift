import OpenIAPCodegen
print("generator: not yet wired")
