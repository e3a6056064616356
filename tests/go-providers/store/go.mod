module example.com/petstore-store

go 1.25.0
