package com.oakhollow.library.web;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.annotation.PostConstruct;
import javax.annotation.PreDestroy;
import org.springframework.stereotype.Service;

@Service
public class Catalogue {
    private final List<Book> books = new ArrayList<>();

    @PostConstruct
    void load() {
        books.add(new Book("9780000000011", "The Quiet Orchard", "H. Alder", false));
        books.add(new Book("9780000000028", "Tides of Marram", "J. Sedge", true));
        books.add(new Book("9780000000035", "Lantern Street", "P. Rowan", false));
    }

    @PreDestroy
    void clear() {
        books.clear();
    }

    public List<Book> search(String text) {
        String needle = text == null ? "" : text.toLowerCase(Locale.ROOT);
        return Collections.unmodifiableList(books.stream()
                .filter(b -> b.getTitle().toLowerCase(Locale.ROOT).contains(needle)
                        || b.getAuthor().toLowerCase(Locale.ROOT).contains(needle))
                .collect(Collectors.toList()));
    }

    public int size() {
        return books.size();
    }
}
