import torch
from tagging import *


def train(batches, epochs):
    model = crf_tagger(100, 5)
    optim = torch.optim.Adam(model.parameters(), lr=1e-3)
    for ei in range(epochs):
        loss_sum = 0.0
        for words, gold in batches:
            loss = model(words, gold)
            loss.backward()
            optim.step()
            loss_sum += loss.item()
        print(ei, loss_sum / len(batches))
