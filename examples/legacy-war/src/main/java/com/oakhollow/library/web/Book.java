package com.oakhollow.library.web;

public class Book {
    private final String isbn;
    private final String title;
    private final String author;
    private final boolean onLoan;

    public Book(String isbn, String title, String author, boolean onLoan) {
        this.isbn = isbn;
        this.title = title;
        this.author = author;
        this.onLoan = onLoan;
    }

    public String getIsbn() {
        return isbn;
    }

    public String getTitle() {
        return title;
    }

    public String getAuthor() {
        return author;
    }

    public boolean isOnLoan() {
        return onLoan;
    }
}
