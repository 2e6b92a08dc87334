from gradfix.lsp import main

if __name__ == "__main__":
    main()
