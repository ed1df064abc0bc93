module skald

go 1.26.8
