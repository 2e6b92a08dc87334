# SAC's temperature is a plain leaf tensor (`requires_grad=True`), stepped by the policy's
# optimizer; `policy.zero_grad()` never clears it: its gradient piles up step after step.
import torch


def update(policy, batches, target_entropy):
    log_alpha = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.Adam([*policy.parameters(), log_alpha], lr=3e-4)
    for obs in batches:
        policy.zero_grad()
        log_probs = torch.log_softmax(policy(obs), -1)
        entropy = -(log_probs.exp() * log_probs).sum(-1).mean()
        loss = -(log_alpha.exp().detach() * entropy) + (log_alpha * (entropy.detach() - target_entropy)).mean()
        loss.backward()
        optimizer.step()
