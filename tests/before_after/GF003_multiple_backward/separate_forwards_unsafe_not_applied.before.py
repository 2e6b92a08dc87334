import torch


def train(student, loader, optimizer, criterion):
    for clean, noisy, y in loader:
        optimizer.zero_grad()
        loss_clean = criterion(student(clean), y)
        loss_clean.backward(retain_graph=True)
        loss_noisy = criterion(student(noisy), y)
        loss_noisy.backward()
        optimizer.step()
