print("skillbench")
