from engine import train_step


def fit(model, optimizer, loader):
    running = 0.0
    for x, y in loader:
        loss = train_step(model, optimizer, x, y)
        running += loss.detach()
    return running / len(loader)
