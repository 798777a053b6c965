package net.quillpad.notes.web;

public record Note(long id, String owner, String text) {}
