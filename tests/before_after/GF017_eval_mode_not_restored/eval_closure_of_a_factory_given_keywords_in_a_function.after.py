import torch
import torch.nn.functional as F


def training_pair(*, classifier, optimizer, train_batches, held_out):
    def fit():
        for images, labels in train_batches:
            optimizer.zero_grad(set_to_none=True)
            F.nll_loss(classifier(images).log_softmax(-1), labels).backward()
            optimizer.step()

    def score():
        classifier.eval()
        correct = 0
        with torch.no_grad():
            for images, labels in held_out:
                correct += (classifier(images).argmax(-1) == labels).sum().item()
        return correct

    return fit, score


def experiment(classifier, train_batches, held_out, rounds=3):
    optimizer = torch.optim.SGD(classifier.parameters(), lr=0.05, momentum=0.9)
    learn, measure = training_pair(classifier=classifier, optimizer=optimizer, train_batches=train_batches, held_out=held_out)
    history = []
    for _ in range(rounds):
        learn()
        history.append(measure())
        classifier.train()
    return history
