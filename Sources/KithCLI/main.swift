print("kith")
