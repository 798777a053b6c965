package net.quillpad.notes.web;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.security.access.annotation.Secured;
import org.springframework.security.access.prepost.PostFilter;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;

@Service
public class NoteService {
    private final Map<Long, Note> notes = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    @PreAuthorize("#owner == authentication.name")
    public Note write(String owner, String text) {
        Note note = new Note(ids.incrementAndGet(), owner, text);
        notes.put(note.id(), note);
        return note;
    }

    @PostFilter("filterObject.owner() == authentication.name or hasRole('ADMIN')")
    public List<Note> visible() {
        return new java.util.ArrayList<>(notes.values());
    }

    @Secured("ROLE_ADMIN")
    public boolean remove(long id) {
        return notes.remove(id) != null;
    }

    @Secured("ROLE_ADMIN")
    public int count() {
        return notes.size();
    }
}
